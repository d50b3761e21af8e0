/// A read position in a picture's bytes, for ``ImageStructure``'s readers: every read that would pass the end of
/// the bytes throws ``ImageStructureFailure/truncated`` instead, so a cut-off file can never be read past its end.
struct ByteCursor {
    /// The whole file.
    let bytes: [UInt8]
    /// Where the next read starts.
    private(set) var offset: Int

    /// A cursor at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
    }

    /// How many bytes are left after ``offset``.
    var remaining: Int { bytes.count - offset }

    /// Whether every byte has been read.
    var atEnd: Bool { offset == bytes.count }

    /// The next byte.
    mutating func byte() throws(ImageStructureFailure) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next `count` bytes, without copying them.
    mutating func take(_ count: Int) throws(ImageStructureFailure) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Moves past `count` bytes.
    mutating func skip(_ count: Int) throws(ImageStructureFailure) {
        _ = try take(count)
    }

    /// Moves to `position`, which must be within the bytes (the JPEG reader uses it to jump over a scan's data).
    mutating func move(to position: Int) throws(ImageStructureFailure) {
        guard position >= offset, position <= bytes.count else { throw .truncated }
        offset = position
    }

    /// A big-endian 16-bit number (JPEG).
    mutating func uint16BigEndian() throws(ImageStructureFailure) -> Int {
        let high = try byte()
        return Int(high) << 8 | Int(try byte())
    }

    /// A little-endian 16-bit number (GIF).
    mutating func uint16LittleEndian() throws(ImageStructureFailure) -> Int {
        let low = try byte()
        return Int(try byte()) << 8 | Int(low)
    }

    /// A big-endian 32-bit number (PNG).
    mutating func uint32BigEndian() throws(ImageStructureFailure) -> Int {
        var value = 0
        for _ in 0..<4 { value = value << 8 | Int(try byte()) }
        return value
    }
}
