import ArgumentParser
import FCCommandLine
import Logging

/// Runs command bodies so that a thrown error becomes one `fcgen: error: …` line on stderr (a JSON line with
/// `--log-format json`) and the exit code ``ExitStatus`` gives it.
enum ErrorReporter {
    static func run(logFormat: LogFormat, _ body: () async throws -> Void) async throws {
        // Every command runs through here once its options are parsed: the first moment the format is known.
        logFormat.bootstrapOnce()
        do {
            try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch {
            let status = ExitStatus(for: error)
            logFormat.logger(label: "fcgen").error(
                "\(error)", metadata: ["event": "command_failed", "exit_status": .stringConvertible(status.rawValue)])
            throw status.exitCode
        }
    }
}

/// ``ErrorReporter`` for a command without ``GlobalOptions`` (text diagnostics).
func reportingErrors(_ body: () async throws -> Void) async throws {
    try await ErrorReporter.run(logFormat: .text, body)
}

extension GlobalOptions {
    /// ``ErrorReporter`` in this command's `--log-format`.
    func reportingErrors(_ body: () async throws -> Void) async throws {
        try await ErrorReporter.run(logFormat: logFormat, body)
    }
}
