package import Foundation

/// Encodes a value straight into a ``JSONValue`` tree: the tree `JSONEncoder` then `JSONDecoder` would give, without
/// writing the text and parsing it back.
///
/// Hand-written because Foundation has no encoder into a value tree, and the detour through text cost most of a
/// service request: on `fcgen-bench serve`'s feed, encoding a page of cards as JSON text and decoding it into a
/// ``JSONValue`` took 47 % of the server's CPU, the decoding alone 32 %. It follows `JSONEncoder`'s rules where our
/// types meet them: absent optionals are left out (`encodeIfPresent`), `Date` is written as
/// ``ContractJSON/timestamp(_:)``, `URL` as its absolute string, `Data` as base64, dictionaries with integer keys
/// become objects with the integers as member names, and a NaN or infinite number is refused.
package enum JSONTreeEncoder {
    /// The tree of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN or infinite number, or what `value`'s own encoding throws.
    package static func tree(_ value: some Encodable) throws -> JSONValue {
        try TreeNode.boxing(value, at: []).value
    }

    /// The text of `value` as `writer` writes its ``tree(_:)``, with `extra`'s members added when it is an object,
    /// written straight from the encoded nodes: making the ``JSONValue`` tree first copied every object once more,
    /// and a service response is written on every request (a feed page of 10 cards spent 23 % of its CPU here).
    package static func text(_ value: some Encodable, writer: JSONWriter, adding extra: [String: JSONValue] = [:])
        throws -> String
    {
        let root = try TreeNode.boxing(value, at: [])
        if case .object(var object)? = root.scalar {
            // A JSONValue object encoded as itself.
            for (key, member) in extra { object[key] = member }
            root.scalar = .object(object)
        } else if root.scalar == nil && root.elements == nil {
            // An object, or a value that encoded nothing (written `{}`, so it takes the members too).
            root.becomeObject()
            for (key, member) in extra { root.put(.scalar(member), forKey: key) }
        }
        var out = ""
        root.write(with: writer, indent: 0, into: &out)
        return out
    }
}

/// One value of the tree while it is being encoded: containers hand out nodes, and a node is read once the whole
/// value has been encoded.
private final class TreeNode {
    var scalar: JSONValue?
    /// An object's members in the order they were encoded, each key once: a short list scanned on insert is
    /// cheaper than a dictionary for objects of a few dozen members, and the writer sorts them anyway.
    var members: [(key: String, value: TreeNode)]?
    var elements: [TreeNode]?

    var value: JSONValue {
        if let scalar { return scalar }
        if let elements { return .array(elements.map(\.value)) }
        // An object, or a value that encoded nothing (JSONEncoder writes `{}` for it).
        var object: [String: JSONValue] = [:]
        for (key, node) in members ?? [] { object[key] = node.value }
        return .object(object)
    }

    /// Sets the member `key`; a key encoded again replaces its value, as `JSONEncoder` does.
    func put(_ node: TreeNode, forKey key: String) {
        if let index = members?.firstIndex(where: { $0.key == key }) {
            members?[index].value = node
        } else {
            members?.append((key, node))
        }
    }

    /// Writes the node as ``JSONWriter`` writes its ``value``, byte for byte: with the writer's own array and
    /// object layout.
    func write(with writer: JSONWriter, indent: Int, into out: inout String) {
        if let scalar { return writer.write(scalar, indent: indent, into: &out) }
        if let elements {
            return writer.writeArray(elements, indent: indent, into: &out) { element, indent, out in
                element.write(with: writer, indent: indent, into: &out)
            }
        }
        writer.writeObject(members ?? [], indent: indent, into: &out) { node, indent, out in
            node.write(with: writer, indent: indent, into: &out)
        }
    }

    /// Makes this node an object unless it is one; `JSONEncoder` merges a second keyed container into the first.
    func becomeObject() {
        if members == nil {
            scalar = nil
            elements = nil
            members = []
        }
    }

    func becomeArray() {
        if elements == nil {
            scalar = nil
            members = nil
            elements = []
        }
    }

    /// Takes over what `other` holds (a single-value container encoding a whole value).
    func adopt(_ other: TreeNode) {
        scalar = other.scalar
        members = other.members
        elements = other.elements
    }

    static func scalar(_ value: JSONValue) -> TreeNode {
        let node = TreeNode()
        node.scalar = value
        return node
    }

    static func number(_ value: Double, at path: [any CodingKey]) throws -> TreeNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "\(value) is not a JSON number"))
        }
        // JSONEncoder writes 3.0 as `3`, which reads back as an integer.
        if value.rounded() == value, let exact = Int64(exactly: value) { return scalar(.integer(exact)) }
        return scalar(.number(value))
    }

    /// A `Float` as JSONEncoder writes it (its shortest text, `0.1`), read back as a `Double`.
    static func number(_ value: Float, at path: [any CodingKey]) throws -> TreeNode {
        try number(value.isFinite ? Double(value.description) ?? Double(value) : Double(value), at: path)
    }

    static func integer(_ value: some BinaryInteger) -> TreeNode {
        if let exact = Int64(exactly: value) { return scalar(.integer(exact)) }
        return scalar(.number(Double(value)))
    }

    /// The node of `value`, with the types `JSONEncoder` treats specially handled as it does (dates as the
    /// contract writes them).
    static func boxing<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> TreeNode {
        switch value {
        case let json as JSONValue: return scalar(json)
        case let text as String: return scalar(.string(text))
        case let date as Date: return scalar(.string(ContractJSON.timestamp(date)))
        case let url as URL: return scalar(.string(url.absoluteString))
        case let data as Data: return scalar(.string(data.base64EncodedString()))
        case let decimal as Decimal: return try number(NSDecimalNumber(decimal: decimal).doubleValue, at: path)
        default:
            let node = TreeNode()
            try value.encode(to: TreeEncoder(node: node, codingPath: path))
            return node
        }
    }
}

private struct TreeEncoder: Encoder {
    let node: TreeNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedTreeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeContainer(node: node, codingPath: codingPath)
    }
}

/// A key for an array element's place in a coding path.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func put(_ child: TreeNode, _ key: Key) { node.put(child, forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.scalar(.null), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.scalar(.bool(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.scalar(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try .number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try .number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try .boxing(value, at: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = TreeNode()
        child.becomeObject()
        put(child, key)
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = TreeNode()
        child.becomeArray()
        put(child, key)
        return UnkeyedTreeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = TreeNode()
        node.put(child, forKey: "super")
        return TreeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = TreeNode()
        put(child, key)
        return TreeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    private func append(_ child: TreeNode) { node.elements?.append(child) }
    private var path: [any CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { append(.scalar(.null)) }
    mutating func encode(_ value: Bool) throws { append(.scalar(.bool(value))) }
    mutating func encode(_ value: String) throws { append(.scalar(.string(value))) }
    mutating func encode(_ value: Double) throws { append(try .number(value, at: path)) }
    mutating func encode(_ value: Float) throws { append(try .number(value, at: path)) }
    mutating func encode(_ value: Int) throws { append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { append(.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try .boxing(value, at: path)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = TreeNode()
        child.becomeObject()
        let childPath = path
        append(child)
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(node: child, codingPath: childPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = TreeNode()
        child.becomeArray()
        let childPath = path
        append(child)
        return UnkeyedTreeContainer(node: child, codingPath: childPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = TreeNode()
        let childPath = path
        append(child)
        return TreeEncoder(node: child, codingPath: childPath)
    }
}

private struct SingleTreeContainer: SingleValueEncodingContainer {
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func set(_ child: TreeNode) { node.adopt(child) }

    mutating func encodeNil() throws { set(.scalar(.null)) }
    mutating func encode(_ value: Bool) throws { set(.scalar(.bool(value))) }
    mutating func encode(_ value: String) throws { set(.scalar(.string(value))) }
    mutating func encode(_ value: Double) throws { set(try .number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try .number(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try .boxing(value, at: codingPath)) }
}
