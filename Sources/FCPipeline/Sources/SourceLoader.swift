import Crypto
package import FCSources
package import Foundation

/// Limits and tools for reading a source.
package struct SourceOptions: Sendable {
    /// Largest section, in Unicode scalars (`--section-chars`).
    package var maxCharacters: Int
    /// Largest input, and largest text a PDF may yield (`source_max_bytes`).
    package var maxBytes: Int
    /// Where `pdftotext` is looked for: the `PATH` of the environment.
    package var searchPath: String
    package var temporaryDirectory: URL

    package init(
        maxCharacters: Int = SourceSplitter.defaultMaxCharacters, maxBytes: Int = 268_435_456, searchPath: String,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.maxCharacters = maxCharacters
        self.maxBytes = maxBytes
        self.searchPath = searchPath
        self.temporaryDirectory = temporaryDirectory
    }
}

/// Checks a whole source before anything is generated, so bad input stores nothing: its size, its format, that
/// it is text (or a PDF with a text layer), and that it has sections at all. One streaming pass: it hashes the bytes
/// and counts the sections without keeping them.
package enum SourceLoader {
    /// - Parameter path: a file, or `-` for standard input (copied to a temporary file, so it can be read twice).
    /// - Throws: ``PipelineError/input(file:problem:)`` naming the source and the problem.
    package static func prepare(_ path: String, options: SourceOptions) async throws -> SourceDocument {
        let name = path == "-" ? "standard input" : path
        var temporary: [String] = []
        do {
            let inputPath: String
            if path == "-" {
                inputPath = try spoolStandardInput(options: options)
                temporary.append(inputPath)
            } else {
                inputPath = path
            }
            let (descriptor, size) = try RegularFile.open(inputPath)
            defer { close(descriptor) }
            guard size <= options.maxBytes else { throw tooLarge(name, size, options) }
            guard size > 0 else {
                throw PipelineError.input(file: name, problem: "is empty: no text to make cards from")
            }
            let prefix = try RegularFile.read(descriptor, upTo: 4096, path: name)
            let fileName = path == "-" ? nil : URL(fileURLWithPath: path).lastPathComponent
            let format = SourceFormat.detect(fileName: fileName, prefix: prefix)
            let digest = try sha256(inputPath, name: name)
            var textPath = inputPath
            if format == .pdf {
                textPath = options.temporaryDirectory.appendingPathComponent("fcgen-pdf-\(UUID().uuidString).txt").path
                temporary.append(textPath)
                try await PDFText.extract(inputPath, to: textPath, name: name, searchPath: options.searchPath)
                let textSize = try RegularFile.open(textPath)
                close(textSize.descriptor)
                guard textSize.size <= options.maxBytes else {
                    throw PipelineError.input(
                        file: name,
                        problem:
                            "yields \(textSize.size) bytes of text, more than source_max_bytes (\(options.maxBytes))")
                }
            }
            let reader = try SourceSectionReader(
                path: textPath, name: name, format: format, maxCharacters: options.maxCharacters)
            var count = 0
            while try reader.next() != nil { count += 1 }
            guard count > 0 else {
                throw PipelineError.input(
                    file: name,
                    problem: format == .pdf
                        ? "has no text layer (a scanned PDF?): pdftotext found no text; run OCR on it first "
                            + "(for example ocrmypdf)"
                        : "has no text to make cards from (only white space or markup)")
            }
            return SourceDocument(
                name: name, format: format, sha256: digest, byteCount: size, sectionCount: count,
                maxCharacters: options.maxCharacters, replacedSequences: reader.replacedSequences, textPath: textPath,
                temporaryFiles: temporary)
        } catch {
            for file in temporary { try? FileManager.default.removeItem(atPath: file) }
            throw error
        }
    }

    private static func tooLarge(_ name: String, _ size: Int, _ options: SourceOptions) -> PipelineError {
        .input(file: name, problem: "is \(size) bytes, more than source_max_bytes (\(options.maxBytes))")
    }

    /// Copies standard input to a temporary file, refusing more than the limit.
    private static func spoolStandardInput(options: SourceOptions) throws -> String {
        let path = options.temporaryDirectory.appendingPathComponent("fcgen-stdin-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let output = FileHandle(forWritingAtPath: path)
        else { throw PipelineError.input(file: "standard input", problem: "cannot be copied to \(path)") }
        defer { try? output.close() }
        var total = 0
        while true {
            let chunk = try StandardInput.current.read(65_536)
            if chunk.isEmpty { break }
            total += chunk.count
            guard total <= options.maxBytes else {
                try? FileManager.default.removeItem(atPath: path)
                throw PipelineError.input(
                    file: "standard input", problem: "is more than source_max_bytes (\(options.maxBytes)) bytes")
            }
            output.write(Data(chunk))
        }
        return path
    }

    /// SHA-256 of the file's bytes, read 64 KiB at a time.
    private static func sha256(_ path: String, name: String) throws -> String {
        let (descriptor, _) = try RegularFile.open(path)
        defer { close(descriptor) }
        var hasher = SHA256()
        while true {
            let chunk = try RegularFile.read(descriptor, upTo: 65_536, path: name)
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
        }
        return SHA256Hex.string(hasher.finalize())
    }
}
