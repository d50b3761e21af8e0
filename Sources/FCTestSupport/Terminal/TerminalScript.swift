import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command on a real pseudo-terminal in this process, the way a person at a terminal would: the command gets
/// the slave as its stdin, stdout and stderr, and the script reads the master, types each ``TerminalStep``'s keys
/// when its text appears, and keeps the whole screen.
///
/// Every wait is for something to happen (output; the terminal's mode, looked at each millisecond since no event tells
/// of it); the only clock is a failure deadline, ``TestPatience`` without any output, that catches a hang and never
/// decides a pass (a starved test process on a loaded machine can be silent for tens of seconds).
package enum TerminalScript {
    /// How long the screen may stay still before the script gives up, in milliseconds: a hang, never a slow machine.
    static let patience = TestPatience.milliseconds

    /// ``patience`` in words, for the failure message.
    static let patienceText = "no output for \(TestPatience.seconds) s"

    /// Runs `command` (given the slave's descriptor, which is closed when it returns; on threads of its own) through
    /// `steps`, then reads the screen to the end; `columns` sets the terminal's width. Returns the command's exit status and the screen, or
    /// 124 and the screen so far when a step's text never appeared (recorded as an issue; the terminal is then hung
    /// up, so a command waiting for a key ends).
    package static func run(
        _ steps: [TerminalStep] = [], columns: Int? = nil,
        command: @escaping @Sendable (_ terminal: Int32) async -> Int32
    ) async throws -> (status: Int32, screen: String) {
        let terminal = try PseudoTerminal.open(columns: columns)
        // Started on threads of its own, not the cooperative pool nor a pool other tests share: how soon the
        // command draws must not depend on what else runs (``CommandThreadsOfItsOwn``).
        let threads = CommandThreadsOfItsOwn()
        defer { threads.stop() }
        let running = Task(executorPreference: threads) {
            let status = await command(terminal.slave)
            close(terminal.slave)
            return status
        }
        // The master is read on a thread of its own: its waits block, and the command writes only while it is read.
        let (screen, failure) = await onOwnThread {
            var screen = Screen(master: terminal.master)
            let failure = screen.play(steps)
            close(terminal.master)
            return (String(decoding: screen.bytes, as: UTF8.self), failure)
        }
        let status = await running.value
        guard let failure else { return (status, screen) }
        Issue.record("\(failure)\nscreen:\n\(screen)")
        return (124, screen)
    }
}

/// The master side of the terminal and everything read from it.
private struct Screen {
    let master: Int32
    var bytes: [UInt8] = []
    /// Where the next step's text is looked for: after the previous step's match.
    var position = 0

    init(master: Int32) { self.master = master }

    /// What read from the master gave.
    enum Reading { case output, quiet, end }

    /// Plays `steps`, then reads to the end of the output; what went wrong, if anything.
    mutating func play(_ steps: [TerminalStep]) -> String? {
        for step in steps {
            let wanted = Array(step.expect.utf8)
            while true {
                if let match = find(wanted) {
                    position = match + wanted.count
                    break
                }
                switch read(waiting: TerminalScript.patience) {
                case .output: continue
                case .quiet: return "never saw \(step.expect.debugDescription): \(TerminalScript.patienceText)"
                case .end: return "never saw \(step.expect.debugDescription): the command ended"
                }
            }
            if !step.send.isEmpty {
                if let problem = awaitMode(canonical: !step.isKey) {
                    return "before \(step.send.debugDescription): \(problem)"
                }
                write(Array(step.send.utf8))
            }
        }
        while true {
            switch read(waiting: TerminalScript.patience) {
            case .output: continue
            case .quiet: return "the command did not end: \(TerminalScript.patienceText)"
            case .end: return nil
            }
        }
    }

    /// Where `wanted` starts after ``position``.
    private func find(_ wanted: [UInt8]) -> Int? {
        guard !wanted.isEmpty else { return position }
        guard bytes.count - position >= wanted.count else { return nil }
        return (position...(bytes.count - wanted.count)).first { start in
            bytes[start..<(start + wanted.count)].elementsEqual(wanted)
        }
    }

    /// Waits until the program reads the terminal line by line (`canonical`) or key by key, reading its output
    /// meanwhile (a millisecond's wait between looks: no event tells of a mode change).
    private mutating func awaitMode(canonical: Bool) -> String? {
        var waited: Int32 = 0
        while PseudoTerminal.isCanonical(master: master) != canonical {
            switch read(waiting: 1) {
            case .output: waited = 0
            case .quiet: waited += 1
            case .end: return "the command ended"
            }
            if waited >= TerminalScript.patience { return "the terminal never read \(canonical ? "lines" : "keys")" }
        }
        return nil
    }

    /// Reads what is there, waiting up to `milliseconds` for some.
    private mutating func read(waiting milliseconds: Int32) -> Reading {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { return polled == 0 ? .quiet : .end }
            let count = chunk.withUnsafeMutableBytes { Foundation.read(master, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            // EIO: every descriptor of the slave is closed, and all it was written has been read.
            guard count > 0 else { return .end }
            bytes += chunk[..<count]
            return .output
        }
    }

    /// Types `keys`.
    private func write(_ keys: [UInt8]) {
        var written = 0
        while written < keys.count {
            let count = keys[written...].withUnsafeBytes { Foundation.write(master, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
