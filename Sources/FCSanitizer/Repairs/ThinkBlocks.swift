/// Removes reasoning blocks (`<think>…</think>`, `<thinking>…`, `<reasoning>…`) that reasoning models put
/// before their answer.
///
/// Such blocks often contain draft JSON, so they go before anything looks for the real JSON. A closing tag with
/// no opening tag (some servers strip the opening one) removes everything before it. An opening tag that is never
/// closed is left alone: the JSON may still follow it, and the value scanner skips prose anyway.
enum ThinkBlocks {
    private static let names = ["think", "thinking", "reasoning"]
    private static let openTags = names.map { Array("<\($0)>".utf8) }
    private static let closeTags = names.map { Array("</\($0)>".utf8) }

    /// Removes every reasoning block from `text`; returns whether it removed any.
    static func strip(_ text: inout [UInt8]) -> Bool {
        var removed = false
        while let range = firstBlock(in: text) {
            text.removeSubrange(range)
            removed = true
        }
        return removed
    }

    /// One pass over the text that only looks closer at `<`.
    private static func firstBlock(in text: [UInt8]) -> Range<Int>? {
        text.withUnsafeBufferPointer { bytes in
            var open: (start: Int, tag: Int)?
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "<") else { continue }
                if open == nil, let tag = openTags.firstIndex(where: { ByteSearch.matches($0, in: bytes, at: index) }) {
                    open = (index, tag)
                    continue
                }
                guard let tag = closeTags.firstIndex(where: { ByteSearch.matches($0, in: bytes, at: index) }) else {
                    continue
                }
                guard let opened = open else { return 0..<(index + closeTags[tag].count) }
                if opened.tag == tag { return opened.start..<(index + closeTags[tag].count) }
            }
            return nil
        }
    }
}
