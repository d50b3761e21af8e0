import Foundation
import Glibc

/// One figure a benchmark measured, printed as one JSON line on stdout.
///
/// ```json
/// {"benchmark":"transport-wait","load":0.42,"machine":"2 cores","metric":"curl.cpu_per_wall","pass":true,
///  "target":0.1,"unit":"ratio","value":0.004}
/// ```
struct BenchmarkResult: Encodable {
    /// Which way a figure must lie relative to its target to pass.
    enum Goal {
        case atMost(Double)
        case atLeast(Double)
        /// Informational: always passes, target printed as null.
        case none
    }

    var benchmark: String
    var metric: String
    var value: Double
    var unit: String
    var target: Double?
    var pass: Bool
    var machine: String
    /// The 1-minute load average when the figure was reported: on a shared machine, the context a figure needs.
    var load: Double?

    init(benchmark: String, metric: String, value: Double, unit: String, goal: Goal = .none) {
        self.benchmark = benchmark
        self.metric = metric
        self.value = value
        self.unit = unit
        switch goal {
        case .atMost(let limit): (target, pass) = (limit, value <= limit)
        case .atLeast(let limit): (target, pass) = (limit, value >= limit)
        case .none: (target, pass) = (nil, true)
        }
        machine = Machine.description
        load = Machine.loadAverage()
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(benchmark, forKey: .benchmark)
        try container.encode(metric, forKey: .metric)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(target, forKey: .target)  // null, not absent, when there is no target
        try container.encode(pass, forKey: .pass)
        try container.encode(machine, forKey: .machine)
        try container.encode(load, forKey: .load)
    }

    private enum CodingKeys: String, CodingKey {
        case benchmark, metric, value, unit, target, pass, machine, load
    }
}

enum Machine {
    /// "<n> cores": figures from a 2-core box and a 16-core one are not comparable, so every line says which.
    static let description = "\(ProcessInfo.processInfo.activeProcessorCount) cores"

    /// The 1-minute load average from /proc/loadavg; `nil` where there is none.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}

/// Prints `result` as one JSON line on stdout (sorted keys, so lines diff cleanly).
func report(_ result: BenchmarkResult) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(result) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// Prints a progress line on stderr, so stdout stays pure JSON lines.
func progress(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

/// Wall time, process CPU time and peak resident memory of one measured stretch of work.
struct Measurement: Codable {
    var wallSeconds: Double
    var userCPUSeconds: Double
    var systemCPUSeconds: Double
    /// Peak RSS during the stretch where the kernel lets us reset the mark (Linux ≥ 4.0), else since process start.
    var peakRSSBytes: Int
    /// Voluntary plus involuntary context switches of all threads: roughly how often the process woke up.
    var contextSwitches: Int

    var cpuSeconds: Double { userCPUSeconds + systemCPUSeconds }
    /// CPU seconds per wall second: 1.0 means one core busy the whole time.
    var cpuPerWall: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds : 0 }
    var peakRSSMegabytes: Double { Double(peakRSSBytes) / 1_048_576 }
    var contextSwitchesPerSecond: Double { wallSeconds > 0 ? Double(contextSwitches) / wallSeconds : 0 }
}

/// Runs `body` and measures it: wall time on `ContinuousClock`, CPU from `getrusage(RUSAGE_SELF)` (all threads),
/// peak RSS from `/proc/self/status` VmHWM after resetting the mark.
func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Measurement) {
    ResourceUsage.resetPeakRSS()
    let clock = ContinuousClock()
    let before = ResourceUsage.cpu()
    let start = clock.now
    let value = try await body()
    let elapsed = clock.now - start
    let after = ResourceUsage.cpu()
    let measurement = Measurement(
        wallSeconds: elapsed.seconds,
        userCPUSeconds: after.user - before.user,
        systemCPUSeconds: after.system - before.system,
        peakRSSBytes: ResourceUsage.peakRSSBytes(),
        contextSwitches: after.contextSwitches - before.contextSwitches
    )
    return (value, measurement)
}

enum ResourceUsage {
    /// User and system CPU seconds and context switches of the whole process so far.
    static func cpu() -> (user: Double, system: Double, contextSwitches: Int) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return (0, 0, 0) }
        return (usage.ru_utime.seconds, usage.ru_stime.seconds, usage.ru_nvcsw + usage.ru_nivcsw)
    }

    /// Resets the kernel's peak-RSS mark (VmHWM) to the current RSS; see proc(5), /proc/pid/clear_refs, value 5.
    static func resetPeakRSS() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        try? handle.write(contentsOf: Data("5".utf8))
        try? handle.close()
    }

    /// VmHWM from /proc/self/status, falling back to getrusage's ru_maxrss (process lifetime, KiB on Linux).
    static func peakRSSBytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        {
            return kilobytes * 1024
        }
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024
    }
}

extension timeval {
    fileprivate var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1_000_000 }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
