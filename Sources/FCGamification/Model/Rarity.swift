/// How rare a mystery box or an achievement is, from common to legendary.
public enum Rarity: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Hashable, Comparable {
    case common
    case rare
    case epic
    case legendary

    public static func < (lhs: Rarity, rhs: Rarity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .common: 0
        case .rare: 1
        case .epic: 2
        case .legendary: 3
        }
    }
}
