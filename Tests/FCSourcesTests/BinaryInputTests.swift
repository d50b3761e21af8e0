import FCSources
import Testing

struct BinaryInputTests {
    @Test func aNULByteIsRefusedWithItsByteOffset() {
        var splitter = SourceSplitter(format: .text)
        #expect(throws: SourceError.nulByte(offset: 6)) {
            _ = try splitter.feed(Array("héllo".utf8) + [0, 1, 2])
        }
    }

    @Test func aFewInvalidBytesAreReplacedButManyAreBinary() throws {
        var tolerant = SourceSplitter(format: .text)
        let sections = try tolerant.feed(Array("caf".utf8) + [0xE9] + Array(" ok\n".utf8)) + tolerant.finish()
        #expect(sections.first?.text == "caf\u{FFFD} ok")
        #expect(tolerant.replacedSequences == 1)

        var strict = SourceSplitter(format: .text)
        let bytes = Array("abc".utf8) + [UInt8](repeating: 0xFF, count: 20)
        let input = bytes + [0x0A]
        #expect(throws: SourceError.notUTF8(offset: 3, count: 9)) { _ = try strict.feed(input) }
    }

    @Test func anOverlongLineIsCutOnACharacterBoundary() throws {
        var decoder = LineDecoder(maxLineBytes: 16)
        let lines = try decoder.feed(Array(String(repeating: "é", count: 20).utf8)) + decoder.finish()
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined() == String(repeating: "é", count: 20))
        #expect(lines.dropFirst().allSatisfy { $0.continued })
        #expect(lines.last?.end == 20)
    }
}
