import ArgumentParser
import FCCommandLine
import FCContract
import FCPipeline
import Logging

/// Runs command bodies so that a thrown error becomes one `fcgen: error: …` line on stderr (a JSON line with
/// `--log-format json`), with `--json` also an error document on stdout (``FCCommandLine/ErrorDocument``), and
/// the exit code its ``FCCommandLine/ErrorCode`` gives it.
///
/// With `--json` stderr keeps its line: stdout is for the document a script parses, stderr for the person (or log
/// shipper) watching, whatever happened.
enum ErrorReporter {
    static func run(logFormat: LogFormat, json: Bool, _ body: () async throws -> Void) async throws {
        // Every command runs through here once its options are parsed: the first moment the format is known.
        logFormat.bootstrapOnce()
        do {
            try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch {
            var problems: [String]?
            if case .importRefused(_, let rows, _) = error as? PipelineError { problems = rows }
            let code = ErrorCode(for: error)
            report(code: code, message: "\(error)", logFormat: logFormat, json: json, problems: problems)
            throw code.exitStatus.exitCode
        }
    }

    /// Writes the failure: the stderr line, and with `json` the error document on stdout.
    static func report(
        code: ErrorCode, message: String, logFormat: LogFormat, json: Bool, argument: String? = nil,
        suggestion: String? = nil, problems: [String]? = nil
    ) {
        logFormat.logger(label: "fcgen").error(
            "\(message)",
            metadata: [
                "event": "command_failed", "code": .string(code.rawValue),
                "exit_status": .stringConvertible(code.exitStatus.rawValue),
            ])
        guard json else { return }
        let document = ErrorDocument(
            code: code, message: message, argument: argument, suggestion: suggestion, problems: problems)
        // Encoding strings and numbers cannot fail; if it ever did, the stderr line above still tells.
        try? Console.json(document)
    }
}

/// ``ErrorReporter`` for a command without ``GlobalOptions`` (text diagnostics, no `--json`).
func reportingErrors(_ body: () async throws -> Void) async throws {
    try await ErrorReporter.run(logFormat: .text, json: false, body)
}

extension GlobalOptions {
    /// ``ErrorReporter`` in this command's `--log-format`, with an error document when `--json` is given.
    func reportingErrors(_ body: () async throws -> Void) async throws {
        try await ErrorReporter.run(logFormat: logFormat, json: json, body)
    }
}
