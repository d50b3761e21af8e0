import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import FCStore
import Foundation
import InMemoryLogging
import Logging
import Testing

/// Library events become log calls at the right level with metadata for `--log-format json`.
struct EventLogTests {
    private func job(status: JobStatus) -> Job {
        let now = Date(timeIntervalSince1970: 1_772_357_400)
        return Job(
            id: 7, topicID: 3, topicName: "Roman history", batchNumber: 4, status: status, attempts: 2,
            maxAttempts: 5, runAfter: now.addingTimeInterval(120), leaseOwner: nil, leaseExpiresAt: nil,
            lastError: "timeout", createdAt: now, updatedAt: now, finishedAt: nil)
    }

    private func logged(_ log: (Logger) -> Void) -> [InMemoryLogHandler.Entry] {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .trace
        log(logger)
        return handler.entries
    }

    @Test func aStreamedCardIsProgressWithoutItsTextAndARestartANotice() throws {
        let card = CardDraft(question: "Who founded Rome?", answer: "Romulus", origin: .generated)
        let streamed = try #require(
            logged { $0.log(PipelineEvent.cardStreamed(topic: "Rome", number: 2, index: 4, card: card)) }.first)
        #expect(streamed.level == .info)
        #expect(streamed.message.description == "[Rome] batch 2: card 5 streamed")
        #expect(streamed.metadata["event"] == "card_streamed")
        #expect(streamed.metadata["index"]?.description == "4")
        #expect(!"\(streamed.message) \(streamed.metadata)".contains("Romulus"))
        #expect(!"\(streamed.message) \(streamed.metadata)".contains("founded"))

        let restart = try #require(
            logged {
                $0.log(PipelineEvent.batchRestarted(topic: "Rome", number: 2, reason: "the request is sent again"))
            }
            .first)
        #expect(restart.level == .notice)
        #expect(restart.metadata["event"] == "batch_restarted")
        #expect(restart.message.description.contains("streamed cards withdrawn"))
    }

    @Test func aJobToRetryIsAWarningADeadJobAnError() throws {
        let retry = try #require(
            logged { $0.log(WorkerEvent.jobFailed(job(status: .failed), reason: "timeout")) }.first)
        #expect(retry.level == .warning)
        #expect(retry.message.description == "job 7 failed (retry after 2026-03-01T09:32:00Z): timeout")
        #expect(retry.metadata["event"] == "job_failed")
        #expect(retry.metadata["job"]?.description == "7")
        #expect(retry.metadata["batch"]?.description == "4")

        let dead = try #require(logged { $0.log(WorkerEvent.jobFailed(job(status: .dead), reason: "HTTP 401")) }.first)
        #expect(dead.level == .error)
        #expect(dead.message.description == "job 7 failed (dead): HTTP 401")
    }

    @Test func progressIsInfoWithTheClaimLineTestsAndPeopleRead() throws {
        let claimed = try #require(logged { $0.log(WorkerEvent.jobClaimed(job(status: .running))) }.first)
        #expect(claimed.level == .info)
        #expect(claimed.message.description == "job 7 claimed: \"Roman history\" batch 4, attempt 2/5")

        var summary = RoundSummary()
        summary.enqueued = 1
        summary.dead = 1
        let round = try #require(logged { $0.log(WorkerEvent.roundFinished(summary)) }.first)
        #expect(round.message.description.hasPrefix("round: 1 enqueued, 0 claimed, 0 done"))
        guard case .dictionary(let fields)? = round.metadata["summary"] else {
            Issue.record("summary is not a dictionary: \(String(describing: round.metadata["summary"]))")
            return
        }
        #expect(fields["dead"]?.description == "1")
        #expect(fields["outcome"] == "failed")
    }

    @Test func pipelineEventsKeepTheProgressLineShape() throws {
        let plan = BatchPlan(number: 2, aspect: "key figures", depth: .foundational)
        let entries = logged { logger in
            logger.log(PipelineEvent.batchStarted(topic: "Roman history", plan: plan))
            logger.log(PipelineEvent.batchFailed(topic: "Roman history", number: 2, reason: "HTTP 503"))
        }
        #expect(entries.map(\.level) == [.info, .warning])
        #expect(entries.first?.message.description == "[Roman history] batch 2: key figures, foundational — requesting")
        #expect(entries.last?.message.description == "[Roman history] batch 2 failed: HTTP 503")
        #expect(entries.last?.metadata["event"] == "batch_failed")
    }

    @Test func aRetryIsAWarningARateLimitWaitANotice() {
        let entries = logged { logger in
            logger.log(
                GeneratorEvent.retrying(provider: "openai", attempt: 2, delay: .milliseconds(1500), reason: "HTTP 503"))
            logger.log(GeneratorEvent.rateLimited(provider: "openai", delay: .seconds(2)))
        }
        #expect(entries.map(\.level) == [.warning, .notice])
        #expect(entries.first?.message.description == "openai: HTTP 503; attempt 2 in 1.5 s")
        #expect(entries.first?.metadata["delay_ms"]?.description == "1500")
        #expect(entries.last?.metadata["event"] == "rate_limited")
    }
}
