import Foundation

/// What an `fcgen-worker --log-format json` process wrote on stderr, one JSON object per line.
struct WorkerLog {
    /// One line's fields that the tests look at.
    struct Line {
        var level: String
        var message: String
        var event: String?
        var job: Int?
    }

    var lines: [Line] = []
    /// Lines that are not JSON log objects (a crash, a stray print): always unexpected.
    var foreign: [String] = []

    init(_ stderr: String) {
        for text in stderr.split(separator: "\n") where !text.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let level = object["level"] as? String, let message = object["message"] as? String
            else {
                foreign.append(String(text))
                continue
            }
            let metadata = object["metadata"] as? [String: Any] ?? [:]
            let job = (metadata["job"] as? Int) ?? (metadata["job"] as? String).flatMap { Int($0) }
            lines.append(Line(level: level, message: message, event: metadata["event"] as? String, job: job))
        }
    }

    /// The ids of the jobs with an `event` line (`job_claimed`, `batch_stored`, …), in log order.
    func jobs(_ event: String) -> [Int] {
        lines.compactMap { $0.event == event ? $0.job : nil }
    }

    /// Warnings, errors and lines that are not the worker's: what a healthy run never writes.
    var problems: [String] {
        foreign + lines.filter { ["warning", "error", "critical"].contains($0.level) }.map(\.message)
    }
}
