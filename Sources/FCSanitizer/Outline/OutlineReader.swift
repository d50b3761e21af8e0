package import FCCore

/// Reads a topic outline (``TopicOutline``) from a model's reply or from a file a person edited.
///
/// A model's reply is read the way card replies are: reasoning blocks and code fences removed, prose around the
/// JSON skipped, the lenient parser's repairs allowed; then ``OutlineValidator`` drops what cannot be used
/// (unnamed or repeated subtopics, unknown levels) and refuses an outline with too little left. A file is read
/// strictly: valid JSON, and the first problem is an error naming where it is.
///
/// ```swift
/// let outline = try OutlineReader.readReply(modelText)      // lenient
/// let edited = try OutlineReader.readFile(Array(fileBytes)) // strict
/// ```
package enum OutlineReader {
    /// Reads a model's reply.
    /// - Throws: ``OutlineProblem`` when no JSON or no usable outline is in it.
    package static func readReply(_ text: String) throws(OutlineProblem) -> TopicOutline {
        var bytes = Array(text.utf8)
        _ = ThinkBlocks.strip(&bytes)
        if let fenced = CodeFence.extract(bytes) { bytes = fenced.content }
        guard let start = bytes.firstIndex(where: { $0 == ASCII.openBrace || $0 == ASCII.openBracket }) else {
            throw OutlineProblem("the reply holds no JSON")
        }
        let parsed: ParsedJSON
        do {
            parsed = try bytes.withUnsafeBufferPointer { buffer throws(SanitizerError) in
                var parser = JSONParser(bytes: buffer, mode: .lenient, position: start)
                return try parser.parseValue()
            }
        } catch {
            throw OutlineProblem("the reply's JSON cannot be read: \(error)")
        }
        return try OutlineValidator(strict: false).outline(from: parsed)
    }

    /// Reads an edited plan file: strict JSON of the shape ``TopicOutline`` encodes to.
    /// - Throws: ``OutlineProblem`` naming the byte offset of a JSON error or the path of the first bad value.
    package static func readFile(_ bytes: [UInt8]) throws(OutlineProblem) -> TopicOutline {
        let parsed: ParsedJSON
        do {
            parsed = try ParsedJSON.parseStrict(bytes)
        } catch {
            throw OutlineProblem("not valid JSON: \(error) (line \(line(of: error.offset, in: bytes)))")
        }
        return try OutlineValidator(strict: true).outline(from: parsed)
    }

    /// The 1-based line of a byte offset.
    private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes.prefix(offset).reduce(1) { $0 + ($1 == ASCII.newline ? 1 : 0) }
    }
}

/// Why an outline could not be used; the message names where the problem is (`subtopics[2].levels[0].level`).
package struct OutlineProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
