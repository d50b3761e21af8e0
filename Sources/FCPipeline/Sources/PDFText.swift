import Foundation
import Subprocess
import SystemPackage

/// A PDF's text through poppler's `pdftotext` (Debian's `poppler-utils`), run as a subprocess: reading order (no
/// `-layout`, which pads columns with spaces), UTF-8, a form feed after each page so sections can name the page.
enum PDFText {
    static let tool = "pdftotext"

    /// Writes the text of `pdf` to `output`.
    /// - Throws: ``PipelineError/input(file:problem:)`` when `pdftotext` is not installed, the PDF is encrypted or
    ///   forbids copying text, is no readable PDF, or `pdftotext` fails otherwise.
    static func extract(_ pdf: String, to output: String, name: String, searchPath: String) async throws {
        guard let executable = find(in: searchPath) else {
            throw PipelineError.input(
                file: name, problem: "pdftotext not found: install poppler-utils (apt-get install poppler-utils)")
        }
        let status: TerminationStatus
        let message: String
        do {
            // Its messages are a few lines; 64 KiB is far more than poppler writes, and a cap keeps memory bounded.
            let result = try await Subprocess.run(
                .path(FilePath(executable)), arguments: ["-enc", "UTF-8", "-eol", "unix", pdf, output],
                output: .discarded, error: .bytes(limit: 64 << 10))
            status = result.terminationStatus
            message = String(decoding: result.standardError, as: UTF8.self)
        } catch {
            throw PipelineError.input(file: name, problem: "pdftotext could not be started: \(error)")
        }
        switch status {
        case .exited(0): return
        case .exited(let status):
            throw PipelineError.input(file: name, problem: problem(status: status, stderr: message))
        case .signaled(let signal):
            throw PipelineError.input(file: name, problem: "pdftotext was ended by signal \(signal)")
        }
    }

    /// What a failed `pdftotext` run means, from its exit status (poppler: 1 cannot open the PDF, 3 permissions)
    /// and its message.
    static func problem(status: Int32, stderr: String) -> String {
        let lowered = stderr.lowercased()
        let firstLine =
            stderr.split(whereSeparator: \.isNewline).first.map {
                String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200))
            } ?? "no message"
        if lowered.contains("incorrect password") || lowered.contains("encrypted") {
            return "is encrypted (password-protected): pdftotext cannot read it; decrypt it first (qpdf --decrypt)"
        }
        if status == 3 || lowered.contains("not allowed") {
            return "is protected: its permissions forbid copying its text (pdftotext exit 3)"
        }
        if status == 1 {
            return "is not a readable PDF (pdftotext: \(firstLine))"
        }
        return "pdftotext failed with exit status \(status): \(firstLine)"
    }

    /// The first executable `pdftotext` on the search path.
    static func find(in searchPath: String) -> String? {
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + tool
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
