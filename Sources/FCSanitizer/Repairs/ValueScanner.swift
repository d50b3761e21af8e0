/// Reads every JSON value it can find in a reply that is not one clean JSON document.
///
/// It walks the text; at each `{`, `[` or `"[` it tries the lenient parser. A value with cards in it is collected
/// and skipped; anything else is prose. This one loop covers prose before, between and after the JSON, NDJSON
/// (one object per line), several arrays in a row (one per fenced block) and, when a container is broken beyond
/// what the lenient parser accepts, the complete objects inside it: after a failed start the scan resumes one
/// byte later, so the objects nested in the broken container are read one by one (and the reply counts as lossy).
/// A broken start that looked like an object (`{"…`) counts once as `malformed`.
enum ValueScanner {
    /// After this many failed starts the scan stops, so that input such as `{{{{{…` stays cheap.
    static let maxFailedStarts = 256

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, nesting: Int) -> ParsedReply {
        var extractor = CardExtractor(nesting: nesting)
        var state = ScanState()
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if ASCII.isWhitespace(byte) {
                position += 1
                continue
            }
            if let end = commentEnd(bytes, at: position) {
                state.repairs.insert(.comments)
                position = end
                continue
            }
            guard isValueStart(bytes, at: position) else {
                state.sawText(at: position)
                position += 1
                continue
            }
            var parser = JSONParser(bytes: bytes, mode: .lenient, position: position)
            do throws(SanitizerError) {
                let value = try parser.parseValue()
                if extractor.collect(value) {
                    state.collected(
                        position..<parser.position, isObject: byte == ASCII.openBrace, repairs: parser.repairs)
                } else if parser.repairs.contains(.truncation) && byte == ASCII.openBrace
                    && opensMember(bytes, after: position)
                {
                    // `{"question": "Wh` at the end of NDJSON: a card object cut off before its first field.
                    state.cutOffObject()
                } else {
                    state.sawText(at: position)
                }
                position = max(parser.position, position + 1)
            } catch {
                let isObjectStart = byte == ASCII.openBrace && opensMember(bytes, after: position)
                state.failed(at: position, errorOffset: error.offset, isObjectStart: isObjectStart)
                if state.failures >= maxFailedStarts { break }
                position += 1
            }
        }
        var reply = extractor.reply
        reply.malformed += state.brokenObjects
        reply.truncatedObjects += state.cutOffObjects
        guard reply.foundCount > 0 else { return ParsedReply() }
        reply.isLossy = reply.isLossy || state.isLossy || state.repairs.contains(.truncation)
        reply.repairs.formUnion(state.repairs)
        if state.sawProse { reply.repairs.insert(.surroundingProse) }
        if state.values.count > 1 {
            reply.repairs.insert(isNDJSON(state.values, in: bytes) ? .ndjson : .multipleValues)
        }
        return reply
    }

    /// `{`, `[`, or a string that opens with `[` or `{` (JSON encoded as a JSON string).
    private static func isValueStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case ASCII.openBrace, ASCII.openBracket:
            return true
        case ASCII.quote:
            var cursor = index + 1
            while cursor < bytes.count && ASCII.isWhitespace(bytes[cursor]) { cursor += 1 }
            return cursor < bytes.count && (bytes[cursor] == ASCII.openBracket || bytes[cursor] == ASCII.openBrace)
        default:
            return false
        }
    }

    /// The end of a `//` or `/* */` comment starting at `index`, if one does; comments between values are no prose.
    private static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard bytes[index] == ASCII.slash, index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case ASCII.slash:
            var cursor = index + 2
            while cursor < bytes.count && bytes[cursor] != ASCII.newline { cursor += 1 }
            return cursor
        case ASCII.star:
            var cursor = index + 2
            while cursor + 1 < bytes.count && !(bytes[cursor] == ASCII.star && bytes[cursor + 1] == ASCII.slash) {
                cursor += 1
            }
            return min(cursor + 2, bytes.count)
        default:
            return nil
        }
    }

    /// Whether the `{` at `index` is followed by a quoted key, i.e. was meant as a JSON object, not prose.
    private static func opensMember(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        var cursor = index + 1
        while cursor < bytes.count && ASCII.isWhitespace(bytes[cursor]) { cursor += 1 }
        return cursor < bytes.count && QuoteStyle.opening(in: bytes, at: cursor) != nil
    }

    /// Objects separated by nothing but line breaks and blanks.
    private static func isNDJSON(_ values: [(range: Range<Int>, isObject: Bool)], in bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard values.allSatisfy(\.isObject) else { return false }
        for (previous, next) in zip(values, values.dropFirst()) {
            let gap = UnsafeBufferPointer(rebasing: bytes[previous.range.upperBound..<next.range.lowerBound])
            guard gap.contains(ASCII.newline), gap.allSatisfy(ASCII.isWhitespace) else { return false }
        }
        return true
    }
}

/// The bookkeeping of one ``ValueScanner`` pass.
private struct ScanState {
    var values: [(range: Range<Int>, isObject: Bool)] = []
    var repairs = RepairSet()
    var sawProse = false
    var isLossy = false
    var failures = 0
    var brokenObjects = 0
    var cutOffObjects = 0
    /// Bytes before this offset belong to a container that failed to parse.
    private var failedRegionEnd = 0
    private var lastBrokenObjectEnd = -1

    mutating func sawText(at position: Int) {
        if position >= failedRegionEnd { sawProse = true }
    }

    mutating func collected(_ range: Range<Int>, isObject: Bool, repairs parserRepairs: RepairSet) {
        values.append((range, isObject))
        repairs.formUnion(parserRepairs)
        // Salvaged from inside a broken container: whatever broke it is lost.
        if range.lowerBound < failedRegionEnd { isLossy = true }
    }

    mutating func cutOffObject() {
        cutOffObjects += 1
        isLossy = true
        repairs.insert(.truncation)
    }

    mutating func failed(at position: Int, errorOffset: Int, isObjectStart: Bool) {
        failures += 1
        // A broken object counts once, not once per object nested in it that fails at the same spot.
        if isObjectStart && position > lastBrokenObjectEnd {
            brokenObjects += 1
            isLossy = true
            lastBrokenObjectEnd = errorOffset
        }
        failedRegionEnd = max(failedRegionEnd, errorOffset + 1)
    }
}
