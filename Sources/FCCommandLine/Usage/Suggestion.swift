/// The nearest valid word to a mistyped one, for "did you mean …?".
package enum Suggestion {
    /// The candidate closest to `word` by edit distance (a swap of two neighbouring letters counts as one edit),
    /// when it is close enough to be what was meant: at most one edit for words of up to four letters, two for
    /// longer ones. Otherwise the only candidate that starts with `word` (three letters or more: `sess` →
    /// `session`). `nil` when nothing is near.
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        let word = word.lowercased()
        let limit = word.count <= 4 ? 1 : 2
        let scored = candidates.map { (candidate: $0, distance: distance(word, $0.lowercased())) }
        if let best = scored.filter({ $0.distance <= limit }).min(by: {
            ($0.distance, $0.candidate) < ($1.distance, $1.candidate)
        }) {
            return best.candidate
        }
        let prefixed = candidates.filter { word.count >= 3 && $0.lowercased().hasPrefix(word) }
        return prefixed.count == 1 ? prefixed.first : nil
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    package static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
