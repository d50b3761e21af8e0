import FCCommandLine
import FCGenerator
import FCPipeline
import FCStore
import Testing

/// Swift Testing has an `ExitStatus` of its own (exit tests).
typealias Status = FCCommandLine.ExitStatus

/// One exit-code table for both executables; the binaries' own tests are in FCGenCLITests/ExitCodeTests.
struct ExitStatusTests {
    private static let busy = StoreError.sqlite(path: "db", operation: "claim job", code: 5, message: "locked")

    @Test func theCodesAreTheDocumentedOnes() {
        #expect(Status.allCases.map(\.rawValue) == [0, 1, 3, 64, 65, 69, 75])
    }

    @Test(arguments: [
        (PipelineError.setting("--concurrency must be 1...64"), Status.usage),
        (PipelineError.missingAPIKey(provider: "openai", variable: "OPENAI_API_KEY"), .usage),
        (PipelineError.config(file: "c.json", key: "model", problem: "expected a string"), .dataError),
        (PipelineError.input(file: "r.txt", problem: "not UTF-8"), .dataError),
        (PipelineError.fallbackRefused(topic: "T", batch: 1), .dataError),
        (PipelineError.importEmpty(file: "d.csv", problems: [], total: 0), .dataError),
    ])
    func pipelineErrors(error: PipelineError, status: Status) {
        #expect(Status(for: error) == status)
    }

    @Test func aFailedBatchExitsAsItsCauseDoes() {
        func failed(_ cause: any Error & Sendable) -> PipelineError {
            .batchFailed(topic: "T", batch: 2, storedBefore: 1, underlying: cause)
        }
        let unavailable = GeneratorError.unavailable(provider: "openai", attempts: 3, lastError: "HTTP 503")
        let rejected = GeneratorError.rejected(provider: "openai", status: 401, message: "bad key", hint: "")
        #expect(Status(for: failed(unavailable)) == .unavailable)
        #expect(Status(for: failed(rejected)) == .failure)
        #expect(Status(for: failed(Self.busy)) == .temporaryFailure)
        #expect(Status(for: failed(TransportError.timedOut(seconds: 60))) == .unavailable)
    }

    @Test func storeErrors() {
        #expect(Status(for: Self.busy) == .temporaryFailure)
        #expect(Status(for: StoreError.cardNotFound(id: 9)) == .dataError)
        #expect(Status(for: StoreError.databaseMissing(path: "typo.sqlite")) == .dataError)
        #expect(Status(for: StoreError.notADatabase(path: "notes.txt", reason: "it is a directory")) == .dataError)
        #expect(Status(for: StoreError.schemaTooNew(path: "db", version: 9, supported: 6)) == .failure)
    }

    @Test func generatorErrors() {
        #expect(Status(for: GeneratorError.promptsMissing(path: "prompts")) == .dataError)
        #expect(Status(for: GeneratorError.badResponse(provider: "openai", detail: "empty")) == .unavailable)
        #expect(Status(for: GeneratorError.cancelled) == .failure)
        #expect(Status(for: CancellationError()) == .failure)
    }

    @Test func workerRoundsUseTheSameTable() {
        #expect(Status(for: RoundOutcome.succeeded) == .success)
        #expect(Status(for: RoundOutcome.failed) == .failure, "a dead job needs a human")
        #expect(Status(for: RoundOutcome.providerUnreachable) == .unavailable)
        #expect(Status(for: RoundOutcome.retryLater) == .temporaryFailure)
    }
}
