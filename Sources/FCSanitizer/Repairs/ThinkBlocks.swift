/// Removes reasoning blocks (`<think>…</think>`, `<thinking>…`, `<reasoning>…`) that reasoning models put
/// before their answer.
///
/// Such blocks often contain draft JSON, so they go before anything looks for the real JSON. A closing tag with
/// no opening tag (some servers strip the opening one) removes everything before it. An opening tag that is never
/// closed is left alone: the JSON may still follow it, and the value scanner skips prose anyway.
enum ThinkBlocks {
    private static let tags = ["think", "thinking", "reasoning"]

    /// Removes every reasoning block from `text`; returns whether it removed any.
    static func strip(_ text: inout [UInt8]) -> Bool {
        var removed = false
        for tag in tags {
            let open = Array("<\(tag)>".utf8)
            let close = Array("</\(tag)>".utf8)
            while let range = blockRange(in: text, open: open, close: close) {
                text.removeSubrange(range)
                removed = true
            }
        }
        return removed
    }

    private static func blockRange(in text: [UInt8], open: [UInt8], close: [UInt8]) -> Range<Int>? {
        text.withUnsafeBufferPointer { bytes in
            let openIndex = ByteSearch.firstIndex(of: open, in: bytes)
            let closeIndex = ByteSearch.firstIndex(of: close, in: bytes, from: (openIndex ?? 0))
            guard let closeIndex else { return nil }
            return (openIndex ?? 0)..<(closeIndex + close.count)
        }
    }
}
