import FCCore
import FCPipeline
import FCStore
import Foundation
import Synchronization

/// Writes worker events to stderr, one line each: text for people, JSON lines (`--log-format json`) for machines.
struct WorkerLog: Sendable {
    var json: Bool

    private static let lock = Mutex(())

    func handle(_ event: WorkerEvent) {
        var fields = LogLine(event: "", message: "")
        switch event {
        case .jobEnqueued(let job):
            fields = LogLine(
                event: "job_enqueued", message: "job \(job.id) enqueued for \"\(job.topicName)\"", job: job)
        case .jobClaimed(let job):
            fields = LogLine(
                event: "job_claimed",
                message: "job \(job.id) claimed: \"\(job.topicName)\" batch \(job.batchNumber ?? 0), "
                    + "attempt \(job.attempts)/\(job.maxAttempts)",
                job: job)
        case .generator(let event):
            fields = LogLine(event: "request_retried", message: "warning: \(event)")
        case .batchStored(let job, let summary):
            fields = LogLine(
                event: "batch_stored",
                message:
                    "job \(job.id) done: \"\(job.topicName)\" batch \(summary.number) \(summary.outcome.rawValue), "
                    + "kept \(summary.kept), \(summary.latencyMs) ms",
                job: job)
            fields.kept = summary.kept
        case .jobFailed(let job, let reason):
            let next = job.status == .dead ? "dead" : "retry after \(Timestamp.format(job.runAfter))"
            fields = LogLine(
                event: "job_failed", message: "job \(job.id) failed (\(next)): \(reason)", job: job)
        case .jobReleased(let job):
            fields = LogLine(event: "job_released", message: "job \(job.id) released on shutdown", job: job)
        case .leaseLost(let job):
            fields = LogLine(event: "lease_lost", message: "job \(job.id) lost its lease; result discarded", job: job)
        case .roundFailed(let reason):
            fields = LogLine(event: "round_failed", message: "round failed: \(reason)")
        case .roundFinished(let summary):
            fields = LogLine(
                event: "round_finished",
                message: "round: \(summary.enqueued) enqueued, \(summary.claimed) claimed, \(summary.done) done, "
                    + "\(summary.retryLater) retry later, \(summary.dead) dead, \(summary.released) released, "
                    + "\(summary.providerUnreachable) provider unreachable, \(summary.cardsStored) cards")
            fields.summary = summary
        }
        write(fields)
    }

    /// A plain diagnostic line (startup, shutdown).
    func note(_ message: String) {
        write(LogLine(event: "note", message: message))
    }

    private func write(_ line: LogLine) {
        var line = line
        line.time = Timestamp.format(Date())
        let text: String
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            text = (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        } else {
            text = "\(line.time) \(line.message)"
        }
        Self.lock.withLock { _ in FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }
}

/// One log line's fields; `nil` fields are left out of the JSON.
struct LogLine: Encodable {
    var time = ""
    var event: String
    var message: String
    var job: Int64?
    var topic: String?
    var batch: Int?
    var status: String?
    var attempt: Int?
    var kept: Int?
    var summary: RoundSummary?

    init(event: String, message: String, job: Job? = nil) {
        self.event = event
        self.message = message
        self.job = job?.id
        topic = job?.topicName
        batch = job?.batchNumber
        status = job?.status.rawValue
        attempt = job?.attempts
    }
}

/// Fixed-format UTC timestamps (PLATFORM.md: locale formatting differs between machines).
enum Timestamp {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
