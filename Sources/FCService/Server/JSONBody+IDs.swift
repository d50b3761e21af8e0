import FCContract

/// Lists of ids in request bodies (`topicIds` of a session, `ids` of a bulk delete).
extension JSONBody {
    /// A required member holding 1…`limit` positive integer ids, in the order given.
    ///
    /// - Parameter noun: what the ids name, for the error ("topic" → "must list 1 to 100 topic ids").
    package func ids(_ name: String, atMost limit: Int, noun: String) throws -> [Int64] {
        guard case .array(let items) = members[name] ?? .null, !items.isEmpty, items.count <= limit else {
            throw Problem.badRequest("\"\(name)\" must list 1 to \(limit) \(noun) ids", field: name)
        }
        return try items.map { item in
            guard case .integer(let id) = item, id > 0 else {
                throw Problem.badRequest("\"\(name)\" must hold positive integers", field: name)
            }
            return id
        }
    }
}
