import ArgumentParser
import FCCommandLine
import FCContract
import FCGenerator
import FCPipeline
import FCStore
import Testing

/// Every error has one stable code, and every code one exit status: the tables of docs/json.md and docs/guide.md.
struct ErrorCodeTests {
    @Test func everyCodeBelongsToOneDocumentedExitStatus() {
        let table: [ErrorCode: Status] = [
            .usage: .usage, .missingAPIKey: .usage, .badInput: .dataError, .badConfig: .dataError,
            .notFound: .dataError, .conflict: .dataError, .sessionEnded: .dataError, .fallbackRefused: .dataError,
            .providerRejected: .failure, .providerUnavailable: .unavailable, .databaseBusy: .temporaryFailure,
            .databaseError: .failure, .cancelled: .failure, .internal: .failure, .budgetExceeded: .budgetExceeded,
        ]
        #expect(Set(table.keys) == Set(ErrorCode.allCases))
        for code in ErrorCode.allCases {
            #expect(code.exitStatus == table[code], "\(code)")
            #expect(!code.title.isEmpty)
        }
    }

    @Test(arguments: [
        (StoreError.cardNotFound(id: 9) as any Error, ErrorCode.notFound),
        (StoreError.jobNotFound(id: 9), .notFound),
        (StoreError.sessionNotFound(id: 9), .notFound),
        (PipelineError.topicNotFound(name: "Nope"), .notFound),
        (StoreError.jobStateConflict(id: 1, status: "done", action: "retry"), .conflict),
        (StoreError.duplicateQuestion(topicID: 1, existingCardID: 2, side: "card"), .conflict),
        (StoreError.sessionEnded(id: 3), .sessionEnded),
        (StoreError.invalidTopicName(problem: "x"), .badInput),
        (PipelineError.input(file: "f", problem: "p"), .badInput),
        (PipelineError.config(file: "c", key: nil, problem: "p"), .badConfig),
        (ValidationError("--at: expected a time"), .usage),
        (GeneratorError.rejected(provider: "openai", status: 401, message: "m", hint: ""), .providerRejected),
        (
            PipelineError.batchFailed(
                topic: "T", batch: 1, storedBefore: 0,
                underlying: GeneratorError.unavailable(provider: "p", attempts: 3, lastError: "e")),
            .providerUnavailable
        ),
        (StoreError.sqlite(path: "db", operation: "o", code: 5, message: "locked"), .databaseBusy),
        (PipelineError.priceMissing(model: "gpt-4o-mini"), .badConfig),
        (
            PipelineError.batchFailed(
                topic: "T", batch: 4, storedBefore: 3,
                underlying: BudgetExceeded(scope: .run, spent: 0.0081, limit: 0.01, estimate: 0.0032, batch: 4)),
            .budgetExceeded
        ),
    ])
    func errorsGetTheirCodeAndTheExitStatusFollows(error: any Error, code: ErrorCode) {
        #expect(ErrorCode(for: error) == code)
        #expect(Status(for: error) == code.exitStatus)
    }
}
