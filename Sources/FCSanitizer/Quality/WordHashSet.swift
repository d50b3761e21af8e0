/// A fixed set of word hashes with open addressing and no rehashing of its keys.
///
/// The keys are already FNV-1a hashes, well mixed in their low bits, so a lookup is an index mask and a few
/// compares instead of `Set<Int>`'s seeded SipHash per lookup: the quality rules look up every word of every card
/// several times.
struct WordHashSet: Sendable {
    private let slots: [Int]
    private let occupied: [Bool]
    private let mask: Int

    init(_ hashes: some Sequence<Int>) {
        let unique = Array(Set(hashes))
        var capacity = 8
        while capacity < unique.count * 2 { capacity *= 2 }
        var slots = [Int](repeating: 0, count: capacity)
        var occupied = [Bool](repeating: false, count: capacity)
        for hash in unique {
            var index = hash & (capacity - 1)
            while occupied[index] { index = (index + 1) & (capacity - 1) }
            slots[index] = hash
            occupied[index] = true
        }
        self.slots = slots
        self.occupied = occupied
        self.mask = capacity - 1
    }

    func contains(_ hash: Int) -> Bool {
        var index = hash & mask
        while occupied[index] {
            if slots[index] == hash { return true }
            index = (index + 1) & mask
        }
        return false
    }
}
