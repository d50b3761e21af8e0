import ArgumentParser
import FCDeckFormats
import FCGenerator
import FCPipeline
import FCStore

/// fcgen's exit codes, from the sysexits range where one fits (documented in `fcgen --help` and the README).
enum ExitStatus {
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let unavailable: Int32 = 69
    static let temporaryFailure: Int32 = 75
}

/// Runs a command body; a thrown error becomes one `fcgen: error: …` line on stderr and a documented exit code.
func reportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        Console.err("fcgen: error: \(error)")
        throw ExitCode(exitStatus(for: error))
    }
}

/// Maps an error to the exit code scripts rely on.
func exitStatus(for error: any Error) -> Int32 {
    switch error {
    case let error as PipelineError:
        switch error {
        case .config, .environment, .fallbackRefused, .input, .study, .importRefused: return ExitStatus.dataError
        case .setting, .missingAPIKey: return ExitStatus.usage
        case .batchFailed(_, _, _, let underlying): return exitStatus(for: underlying)
        }
    case let error as GeneratorError:
        switch error {
        case .promptsMissing, .unknownPlaceholder, .invalidTemplate: return ExitStatus.dataError
        case .unavailable, .badResponse: return ExitStatus.unavailable
        case .rejected, .cancelled: return ExitStatus.failure
        }
    case let error as TransportError:
        return error == .cancelled ? ExitStatus.failure : ExitStatus.unavailable
    case let error as StoreError:
        if error.isInputError { return ExitStatus.dataError }
        return error.isBusy ? ExitStatus.temporaryFailure : ExitStatus.failure
    case is DeckFormatError:
        return ExitStatus.dataError
    default:
        return ExitStatus.failure
    }
}
