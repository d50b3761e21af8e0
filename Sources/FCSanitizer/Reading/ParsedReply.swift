/// What the reading stage got out of a reply: the card-shaped objects and what it cost to get them.
struct ParsedReply {
    /// Objects with a question or answer field, in reply order; not yet validated.
    var objects: [[ParsedJSON.Member]] = []
    var repairs = RepairSet()
    /// Elements of a card list that are no card (a number, a string, an object without card fields), and
    /// broken objects the value scanner had to skip.
    var malformed = 0
    /// Card objects the reply ended inside of.
    var truncatedObjects = 0
    /// Whether content was lost on the way: a broken container whose parts were salvaged, a cut-off reply.
    var isLossy = false

    /// How many card-shaped things were seen, kept or not.
    var foundCount: Int { objects.count + malformed + truncatedObjects }

    mutating func merge(_ other: ParsedReply) {
        objects.append(contentsOf: other.objects)
        repairs.formUnion(other.repairs)
        malformed += other.malformed
        truncatedObjects += other.truncatedObjects
        isLossy = isLossy || other.isLossy
    }
}
