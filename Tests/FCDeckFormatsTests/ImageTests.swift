import FCDeckFormats
import Testing

struct ImageTests {
    /// A real 1×1 PNG (70 bytes, made with zlib), GIF (43 bytes) and JPEG header.
    static let png: [UInt8] = hex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005"
            + "0001ff89993d1d0000000049454e44ae426082")
    static let gif: [UInt8] = hex(
        "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b")
    static let jpeg: [UInt8] = hex("ffd8ffe000104a46494600010100000100010000ffd9")

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    @Test func recognisesImagesByContentNotName() throws {
        #expect(try CheckedImage(bytes: Self.png, name: "a.jpg", maxBytes: 1024).format == .png)
        #expect(try CheckedImage(bytes: Self.gif, name: "a.png", maxBytes: 1024).format == .gif)
        #expect(try CheckedImage(bytes: Self.jpeg, name: "a", maxBytes: 1024).format == .jpeg)
        #expect(try CheckedImage(bytes: Self.png, name: "a.png", maxBytes: 1024).bytes == Self.png)
    }

    @Test func refusesATextFileNamedPNG() {
        #expect(throws: DeckFormatError.imageNotRecognised(name: "notes.png")) {
            try CheckedImage(bytes: Array("just some text\n".utf8), name: "notes.png", maxBytes: 1024)
        }
        #expect(throws: DeckFormatError.imageEmpty(name: "e.png")) {
            try CheckedImage(bytes: [], name: "e.png", maxBytes: 1024)
        }
    }

    @Test func enforcesTheSizeCap() throws {
        #expect(throws: DeckFormatError.imageTooLarge(name: "big.png", bytes: 70, limit: 69)) {
            try CheckedImage(bytes: Self.png, name: "big.png", maxBytes: 69)
        }
        #expect(try CheckedImage(bytes: Self.png, name: "ok.png", maxBytes: 70).bytes.count == 70)
        #expect(CheckedImage.defaultMaxBytes == 1_048_576)
    }
}
