/// Reads a model reply into card objects: strict JSON first, repairs only when that fails.
///
/// The order follows safety. A reply that is valid JSON is read as sent (the only change the strict reader
/// makes is the LaTeX rule, see ``LatexCommands``). Otherwise: reasoning blocks are removed, code fences
/// are opened, and the ``ValueScanner`` reads every JSON value it can find with the lenient parser, skipping prose.
/// If the fenced content holds no card, the whole text is scanned instead, since the "fences" may have been part
/// of the card text.
enum ReplyReader {
    /// How many times a string holding JSON is unwrapped (`"\"[…]\""` is two).
    static let maxNesting = 2

    static func read(_ text: String) -> ParsedReply {
        var text = text
        return text.withUTF8 { read($0, nesting: 0) }
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, nesting: Int) -> ParsedReply {
        var parser = JSONParser(bytes: bytes, mode: .strict)
        if let value = try? parser.parseDocument() {
            var extractor = CardExtractor(nesting: nesting)
            guard extractor.collect(value) else { return ParsedReply() }
            var reply = extractor.reply
            reply.repairs.formUnion(parser.repairs)
            return reply
        }
        return salvage(Array(bytes), nesting: nesting)
    }

    private static func salvage(_ input: [UInt8], nesting: Int) -> ParsedReply {
        var text = input
        let strippedThinking = ThinkBlocks.strip(&text)
        var reply = ParsedReply()
        if let fenced = CodeFence.extract(text) {
            reply = fenced.content.withUnsafeBufferPointer { ValueScanner.scan($0, nesting: nesting) }
            if reply.foundCount > 0 {
                reply.repairs.insert(.codeFence)
                if fenced.hasOutsideText { reply.repairs.insert(.surroundingProse) }
            }
        }
        if reply.foundCount == 0 {
            reply = text.withUnsafeBufferPointer { ValueScanner.scan($0, nesting: nesting) }
        }
        if reply.foundCount > 0 && strippedThinking { reply.repairs.insert(.thinkBlock) }
        return reply
    }
}
