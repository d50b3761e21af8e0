import CSQLite
import Dispatch
import Foundation
import Synchronization

/// Copies the write-ahead log back into the database file on a thread and a connection of its own, so the store's
/// one writer does not stop for it.
///
/// SQLite's automatic checkpoint (`wal_autocheckpoint`, https://www.sqlite.org/wal.html#automatic_checkpoint) runs
/// inside the commit that crosses its threshold, on the committing connection: under `fcgen serve`'s review load
/// that was the writer copying thousands of pages and syncing the file twice while every queued review waited (the
/// reviews' p99), and a tenth of the writer's time. Neither SQLite nor GRDB checkpoints in the background (GRDB's
/// `DatabasePool` checkpoints when asked), so this is hand-written, on SQLite's own hooks:
///
/// - After each commit SQLite calls the writer's WAL hook (https://www.sqlite.org/c3ref/wal_hook.html, which
///   replaces the automatic checkpoint) with the log's size in frames.
/// - Past ``Limits/soft`` frames the hook asks this checkpointer for a `PASSIVE` checkpoint
///   (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html): it copies every frame no reader still needs, without
///   taking the write lock, while the writer goes on committing.
/// - The log only starts over (instead of growing) when a write transaction begins with every frame copied, so the
///   frames committed during a pass must be copied between two of the writer's transactions: once no more than
///   ``Limits/finish`` frames are left uncopied, the hook copies them itself, a short `PASSIVE` checkpoint on the
///   writer. Until then it asks for another background pass, each shorter than the one before.
/// - Past ``Limits/hard`` frames (the background cannot keep up, or readers hold old snapshots) the hook
///   checkpoints on the writer whatever it costs, as the automatic checkpoint would: the log stays bounded.
///
/// A failed or busy checkpoint is only tried again later: the log is a valid database either way.
package final class WALCheckpointer: Sendable {
    /// The log sizes, in frames (pages), at which the writer's hook acts.
    package struct Limits: Sendable {
        /// A background pass starts once the log has this many frames.
        package var soft: Int32
        /// The writer copies what is left itself once no more than this many frames are uncopied.
        package var finish: Int32
        /// The writer checkpoints itself past this many, whatever the background is doing.
        package var hard: Int32
        /// After a checkpoint of either kind, the log grows by this many frames before the hook acts again (when a
        /// reader kept the last one from copying everything, the next commit should not try again at once).
        package var step: Int32

        package init(soft: Int32, finish: Int32, hard: Int32, step: Int32) {
            self.soft = soft
            self.finish = finish
            self.hard = hard
            self.step = step
        }

        /// A background pass from 4,000 frames (≈ 16 MB of log with 4 KiB pages), the last ≤ 1,000 on the writer,
        /// and never a log past 40,000 frames (≈ 160 MB).
        package static let standard = Limits(soft: 10_000, finish: 1_000, hard: 50_000, step: 500)
    }

    /// How many checkpoints ran where: tests check that the background does the copying.
    package struct Counts: Sendable, Equatable {
        package var background = 0
        package var onWriter = 0
    }

    private let path: String
    private let limits: Limits
    private let state = Mutex(State())
    /// One signal per background pass asked for (at most one is outstanding: ``State/running``), and one to stop.
    private let wakeups = DispatchSemaphore(value: 0)
    /// Signalled once the thread has closed its connection and ended.
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var running = false
        var stopped = false
        /// Which log this is: +1 each time the log starts over, so a pass that ends after that does not count.
        var generation = 0
        /// The generation the pass asked for was asked in.
        var passGeneration = 0
        /// The log's size at the last commit.
        var frames: Int32 = 0
        /// Frames of this log known to be copied.
        var copied: Int32 = 0
        /// The log's size when a checkpoint was last started.
        var attemptedAt: Int32 = 0
        var counts = Counts()
    }

    private enum Action { case none, background, onWriter }

    /// Starts the checkpointer's thread (named `fcgen-ckpt`), which opens its connection on its first pass.
    init(path: String, limits: Limits) {
        self.path = path
        self.limits = limits
        let thread = Thread { [self] in
            // The name `top -H` and /proc show (at most 15 bytes). Foundation's `Thread.name` does not set it on
            // Linux, and Swift does not see glibc's `pthread_setname_np`; the kernel takes it from this file.
            try? Data("fcgen-ckpt".utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
            runPasses()
        }
        thread.start()
    }

    /// What ran so far.
    var counts: Counts { state.withLock { $0.counts } }

    /// Makes `writer` call this checkpointer after each of its commits. The connection keeps the checkpointer alive
    /// for as long as the hook can be called.
    func install(on writer: Connection) {
        writer.walHookOwner = self
        sqlite3_wal_hook(writer.handle, walHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Waits for a running pass and closes the background connection: before the writer closes, which checkpoints
    /// the rest and removes the log only if it is the file's last connection.
    func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        wakeups.signal()
        finished.wait()
    }

    /// Called on the writer's thread after each commit, with the log's size.
    fileprivate func committed(frames: Int32, writer: OpaquePointer) {
        let action: Action = state.withLock { state in
            if frames < state.frames {
                // The log started over: nothing of it is copied yet.
                state.generation += 1
                state.copied = 0
                state.attemptedAt = 0
            }
            state.frames = frames
            if frames >= limits.hard && frames - state.attemptedAt >= limits.step {
                state.attemptedAt = frames
                return .onWriter
            }
            guard !state.stopped, !state.running, frames >= limits.soft,
                frames - state.attemptedAt >= limits.step
            else { return .none }
            state.attemptedAt = frames
            if frames - state.copied <= limits.finish { return .onWriter }
            state.running = true
            state.passGeneration = state.generation
            return .background
        }
        switch action {
        case .none: return
        case .onWriter:
            let copied = Self.checkpoint(writer)
            state.withLock { state in
                state.counts.onWriter += 1
                if let copied { state.copied = max(state.copied, copied) }
            }
        case .background:
            wakeups.signal()
        }
    }

    /// The thread's life: a pass for each wake-up until ``stop()``, then its connection closes.
    private func runPasses() {
        var connection: Connection?
        while true {
            wakeups.wait()
            let generation: Int? = state.withLock { $0.stopped ? nil : $0.passGeneration }
            guard let generation else { break }
            let copied = pass(on: &connection)
            state.withLock { state in
                state.running = false
                state.counts.background += 1
                if let copied, state.generation == generation { state.copied = max(state.copied, copied) }
            }
        }
        connection = nil
        finished.signal()
    }

    /// One pass on the background connection (opened on first use); the frames it left copied, or nil.
    private func pass(on connection: inout Connection?) -> Int32? {
        if connection == nil, let opened = try? Connection(path: path, create: false) {
            // A connection learns that the file is in WAL mode (and opens the log) on its first read; until then
            // a checkpoint on it copies nothing.
            guard (try? opened.execute("SELECT COUNT(*) FROM sqlite_master", operation: "open log")) != nil
            else { return nil }
            connection = opened
        }
        guard let connection else { return nil }
        return Self.checkpoint(connection.handle)
    }

    /// A `PASSIVE` checkpoint on `handle`: how many frames of the log are copied after it, or nil when it failed
    /// (another connection was checkpointing, or an I/O error, which the next attempt meets again).
    private static func checkpoint(_ handle: OpaquePointer) -> Int32? {
        var logFrames: Int32 = 0
        var copiedFrames: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
        return code == SQLITE_OK && copiedFrames >= 0 ? copiedFrames : nil
    }
}

/// The WAL hook SQLite calls after each commit of the writer: a C function, so it finds its checkpointer through the
/// context pointer ``WALCheckpointer/install(on:)`` registered.
private func walHook(
    context: UnsafeMutableRawPointer?, handle: OpaquePointer?, database: UnsafePointer<CChar>?, frames: Int32
) -> Int32 {
    guard let context, let handle else { return SQLITE_OK }
    Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(frames: frames, writer: handle)
    return SQLITE_OK
}
