import Foundation

/// Reads text input from a file or standard input (`-`), bounded: never more than a limit is read, so
/// `--question-file /dev/zero` ends with an error instead of filling memory, and a FIFO or device is refused.
package enum TextInput {
    /// More than any side within the card limits needs (the tokenizer's field cap, for the same reason).
    package static let maxBytes = 65_536

    /// The UTF-8 text of `path` (`-`: standard input).
    ///
    /// - Throws: ``PipelineError/input(file:problem:)`` when the input can't be read, is not a regular file, is
    ///   longer than ``maxBytes`` or is not UTF-8.
    package static func read(_ path: String) throws -> String {
        let name = path == "-" ? "standard input" : path
        let bytes = try self.bytes(path, upTo: maxBytes + 1)
        guard bytes.count <= maxBytes else {
            throw PipelineError.input(
                file: name, problem: "is longer than any card side may be (more than \(maxBytes) bytes)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PipelineError.input(file: name, problem: "is not UTF-8 text")
        }
        return text
    }

    /// At most `limit` bytes of `path` (`-`: standard input), which must be a regular file (after following
    /// symlinks); ask for one byte more than allowed to tell "too long" from "exactly the limit".
    ///
    /// - Throws: ``PipelineError/input(file:problem:)`` when the input can't be read or is not a regular file.
    package static func bytes(_ path: String, upTo limit: Int) throws -> [UInt8] {
        if path == "-" { return try StandardInput.current.read(limit) }
        let (descriptor, _) = try RegularFile.open(path)
        defer { close(descriptor) }
        return try RegularFile.read(descriptor, upTo: limit, path: path)
    }
}
