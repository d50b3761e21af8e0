package import FCSources
import Foundation

/// A source checked and ready for generation (``SourceLoader/prepare(_:options:)``): its identity, its section
/// count, and the text its sections are read from again, lazily, while batches go out.
///
/// Temporary files (standard input's copy, a PDF's extracted text) are removed when the document goes away.
package final class SourceDocument: Sendable {
    /// As the user named it: the path given, or `standard input`.
    package let name: String
    package let format: SourceFormat
    /// SHA-256 of the input's bytes (the PDF's, for a PDF), lowercase hex.
    package let sha256: String
    package let byteCount: Int
    package let sectionCount: Int
    package let maxCharacters: Int
    /// Invalid UTF-8 sequences read as U+FFFD (a few are tolerated).
    package let replacedSequences: Int
    /// The text the sections are read from: the file itself, standard input's copy, or a PDF's extracted text.
    let textPath: String
    let temporaryFiles: [String]

    init(
        name: String, format: SourceFormat, sha256: String, byteCount: Int, sectionCount: Int, maxCharacters: Int,
        replacedSequences: Int, textPath: String, temporaryFiles: [String]
    ) {
        self.name = name
        self.format = format
        self.sha256 = sha256
        self.byteCount = byteCount
        self.sectionCount = sectionCount
        self.maxCharacters = maxCharacters
        self.replacedSequences = replacedSequences
        self.textPath = textPath
        self.temporaryFiles = temporaryFiles
    }

    deinit {
        for path in temporaryFiles { try? FileManager.default.removeItem(atPath: path) }
    }

    /// What the run's report says about the source.
    package var summary: SourceSummary {
        SourceSummary(name: name, format: format.rawValue, sha256: sha256, bytes: byteCount, sections: sectionCount)
    }

    /// The sections, read from the text as they are asked for.
    /// - Throws: ``PipelineError/input(file:problem:)`` when the text can't be opened.
    package func sections() throws -> SourceSectionReader {
        try SourceSectionReader(path: textPath, name: name, format: format, maxCharacters: maxCharacters)
    }
}

/// Reads a source's sections one at a time, 64 KiB of text at a time: memory stays flat whatever the file's size.
package final class SourceSectionReader {
    private let descriptor: Int32
    private let name: String
    private var splitter: SourceSplitter
    private var ready: [SourceSection] = []
    private var finished = false

    init(path: String, name: String, format: SourceFormat, maxCharacters: Int) throws {
        descriptor = try RegularFile.open(path).descriptor
        self.name = name
        splitter = SourceSplitter(format: format, maxCharacters: maxCharacters)
    }

    deinit { close(descriptor) }

    /// Invalid UTF-8 sequences read as U+FFFD so far.
    package var replacedSequences: Int { splitter.replacedSequences }

    /// The next section, or `nil` at the end.
    /// - Throws: ``PipelineError/input(file:problem:)`` for binary content or a failed read.
    package func next() throws -> SourceSection? {
        while ready.isEmpty && !finished {
            let chunk = try RegularFile.read(descriptor, upTo: 65_536, path: name)
            do {
                if chunk.isEmpty {
                    ready = try splitter.finish()
                    finished = true
                } else {
                    ready = try splitter.feed(chunk)
                }
            } catch {
                throw PipelineError.input(file: name, problem: error.description)
            }
            ready.reverse()
        }
        return ready.popLast()
    }
}
