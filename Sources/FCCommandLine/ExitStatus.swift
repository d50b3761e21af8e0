package import ArgumentParser
package import FCContract
package import FCPipeline

/// The exit codes of `fcgen` and `fcgen-worker`: one table, from the sysexits range where one fits.
///
/// Both executables turn every error and every worker round into a status only through this type, so docs/guide.md's
/// and docs/worker.md's tables describe both binaries at once. An error gets its status through its ``ErrorCode``
/// (the `code` of a `--json` error document), so codes and statuses cannot disagree. A command-line parsing error
/// (an unknown flag, a failed `validate()`) is ``usage``.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything worked (or a worker stopped gracefully on a signal).
    case success = 0
    /// A failure retrying won't fix: the provider refused the request (bad key, unknown model), a refill job is
    /// dead and needs a human, or an unexpected error.
    case failure = 1
    /// A budget stopped the run before a request that could cross it (`--max-cost`): nothing was sent for it, and
    /// what was stored before stays stored. No sysexits code means "out of money", so it is one of fcgen's own.
    case budgetExceeded = 3
    /// Bad command-line use: an unknown flag, a bad value, a missing API key (EX_USAGE).
    case usage = 64
    /// Bad input data: a broken config file, an unreadable or non-UTF-8 input (or one that is not a regular file),
    /// `--strict` refusing a fallback batch, a bad import row or an import with no card, an unknown topic, card,
    /// job, session or box, a conflict with what is stored, an ended session, no database at `--db` for a command that
    /// needs one, a file that is not an fcgen database (EX_DATAERR).
    case dataError = 65
    /// The LLM provider stayed unavailable after its retries (EX_UNAVAILABLE).
    case unavailable = 69
    /// A temporary failure, such as a database that stayed locked past the busy timeout, or a worker round that
    /// left jobs to retry: running again later may work (EX_TEMPFAIL).
    case temporaryFailure = 75

    /// The status for an error that ended a command: the row of its ``ErrorCode``.
    package init(for error: any Error) {
        self = ErrorCode(for: error).exitStatus
    }

    /// The status of a `fcgen-worker --once` round, most urgent first (``RoundSummary/outcome``).
    package init(for outcome: RoundOutcome) {
        switch outcome {
        case .succeeded: self = .success
        // A dead job will not run again until someone fixes its cause and runs `fcgen jobs retry`.
        case .failed: self = .failure
        case .providerUnreachable: self = .unavailable
        case .retryLater: self = .temporaryFailure
        }
    }

    /// The status as ArgumentParser's exit code, to throw from `run()`.
    package var exitCode: ExitCode { ExitCode(rawValue) }
}
