import CCurl
import Glibc
import Synchronization

/// A libcurl multi handle and the one thread that drives it.
///
/// The thread sleeps in `curl_multi_poll` until a socket is ready, curl's own next timer is due, or another thread
/// calls `curl_multi_wakeup` (the only multi function libcurl allows from other threads, see curl_multi_wakeup(3)).
/// Callers never touch the multi handle: they queue commands under the lock and wake the thread.
///
/// `@unchecked Sendable` invariant: `multi` is used by other threads only through `curl_multi_wakeup`, and only
/// while holding `shared`'s lock with `isClosed` false; the thread sets `isClosed` under the same lock before it
/// cleans the multi handle up. `active` and `queued` belong to the curl thread alone. Everything else is in `shared`.
final class CurlEngine: @unchecked Sendable {
    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
    }

    struct Shared {
        var commands: [Command] = []
        var isStopping = false
        var isClosed = false
        /// Transfers submitted whose easy handle the curl thread has not released yet.
        var outstanding = 0
    }

    /// How long the thread sleeps when curl has no timer pending: an hour, so an idle transport costs nothing.
    private static let idlePollMilliseconds: Int32 = 3_600_000

    private let multi: UnsafeMutableRawPointer
    private let maxActive: Int
    private let threadName: String
    private let shared = Mutex(Shared())
    private var thread: pthread_t?
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var queued: [CurlTransfer] = []

    /// Creates the multi handle and starts its thread.
    /// - Parameters:
    ///   - maxConcurrentRequests: Transfers in the multi handle at once; more wait in `queued`.
    ///   - threadName: The curl thread's name (15 characters at most), as `top -H` and `/proc` show it.
    /// - Throws: ``TransportError/other(_:)`` when libcurl or the thread cannot start.
    init(maxConcurrentRequests: Int, threadName: String) throws(TransportError) {
        let initCode = ccurl_global_init_once()
        guard initCode == CURLE_OK else {
            throw .other("libcurl could not initialise: \(TransportError.curlDescription(initCode))")
        }
        guard let multi = curl_multi_init() else { throw .other("libcurl: could not create a multi handle") }
        self.multi = multi
        maxActive = max(1, maxConcurrentRequests)
        // One connection per concurrent request to a host, and keep that many idle ones for reuse.
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxActive)
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, maxActive)
        self.threadName = threadName
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, curlEngineThreadMain, context)
        guard created == 0 else {
            Unmanaged<CurlEngine>.fromOpaque(context).release()
            curl_multi_cleanup(multi)
            throw .other("could not start the libcurl thread (error \(created))")
        }
        self.thread = thread
    }

    /// Transfers submitted and not yet released by the curl thread; zero once everything has settled.
    var outstandingTransfers: Int { shared.withLock { $0.outstanding } }

    /// Queues `transfer` and parks `continuation` on it; resumes at once if the caller was already cancelled.
    func submit(_ transfer: CurlTransfer, continuation: CurlTransfer.Continuation) {
        let rejection: TransportError? = shared.withLock { state in
            if transfer.isCancelled { return .cancelled }
            if state.isStopping || state.isClosed { return .other("the curl transport is shut down") }
            transfer.continuation = continuation
            state.commands.append(.start(transfer))
            state.outstanding += 1
            curl_multi_wakeup(multi)
            return nil
        }
        if let rejection { continuation.resume(returning: .failure(rejection)) }
    }

    /// Resumes `transfer`'s caller with `.cancelled` now and has the curl thread drop its easy handle.
    func cancel(_ transfer: CurlTransfer) {
        let continuation: CurlTransfer.Continuation? = shared.withLock { state in
            transfer.isCancelled = true
            // No continuation: not submitted yet (submit will see the flag) or already resumed.
            guard let continuation = transfer.continuation, !state.isClosed else { return nil }
            transfer.continuation = nil
            state.commands.append(.cancel(transfer))
            curl_multi_wakeup(multi)
            return continuation
        }
        continuation?.resume(returning: .failure(.cancelled))
    }

    /// Stops the thread and waits for it; pending callers get `.other("…shut down")`.
    func shutdown() {
        let thread: pthread_t? = shared.withLock { state in
            guard !state.isStopping else { return nil }
            state.isStopping = true
            if !state.isClosed { curl_multi_wakeup(multi) }
            return self.thread
        }
        guard let thread else { return }
        // Defensive: no caller code runs on the curl thread, but were the transport released there, joining
        // itself would deadlock.
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// The curl thread's loop: apply commands, let curl work, hand out finished transfers, sleep.
    fileprivate func run() {
        ccurl_name_current_thread(threadName)
        while true {
            let (commands, isStopping) = shared.withLock { state in
                defer { state.commands.removeAll() }
                return (state.commands, state.isStopping)
            }
            if isStopping { break }
            for command in commands { apply(command) }
            startQueued()
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            // A finished transfer freed a slot: start the next queued one now, not after the (maybe hour-long) poll.
            if !queued.isEmpty, active.count < maxActive { continue }
            var readySockets: Int32 = 0
            _ = curl_multi_poll(multi, nil, 0, Self.idlePollMilliseconds, &readySockets)
        }
        close()
    }

    private func apply(_ command: Command) {
        switch command {
        case .start(let transfer):
            queued.append(transfer)
        case .cancel(let transfer):
            if let index = queued.firstIndex(where: { $0 === transfer }) {
                queued.remove(at: index)
                retire(transfer)
            } else if let easy = transfer.easy, active[easy] != nil {
                active[easy] = nil
                curl_multi_remove_handle(multi, easy)
                retire(transfer)
            }
        }
    }

    /// Moves queued transfers into the multi handle while fewer than `maxActive` run, so a request's timeout
    /// counts from when it gets a connection slot, not from when it was queued behind others.
    private func startQueued() {
        while active.count < maxActive, !queued.isEmpty {
            let transfer = queued.removeFirst()
            guard let easy = transfer.easy else { continue }
            let code = curl_multi_add_handle(multi, easy)
            guard code == CURLM_OK else {
                finish(
                    transfer, with: .failure(.other("libcurl could not add the request (multi error \(code.rawValue))"))
                )
                retire(transfer)
                continue
            }
            active[easy] = transfer
        }
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active.removeValue(forKey: easy)
            else { continue }
            let code = message.pointee.data.result
            let result = transfer.result(for: code)
            curl_multi_remove_handle(multi, easy)
            finish(transfer, with: result)
            retire(transfer)
        }
    }

    /// Resumes the transfer's caller unless cancellation got there first.
    private func finish(_ transfer: CurlTransfer, with result: Result<LLMHTTPResponse, TransportError>) {
        let continuation: CurlTransfer.Continuation? = shared.withLock { _ in
            defer { transfer.continuation = nil }
            return transfer.continuation
        }
        continuation?.resume(returning: result)
    }

    /// Frees a transfer's easy handle once it is out of the multi handle.
    private func retire(_ transfer: CurlTransfer) {
        transfer.release()
        shared.withLock { $0.outstanding -= 1 }
    }

    /// Ends every transfer, then the multi handle. Runs on the curl thread as its last act.
    private func close() {
        let late: [Command] = shared.withLock { state in
            state.isClosed = true
            defer { state.commands.removeAll() }
            return state.commands
        }
        var all = queued + Array(active.values)
        for command in late {
            if case .start(let transfer) = command { all.append(transfer) }
        }
        for transfer in all {
            if let easy = transfer.easy, active[easy] != nil { curl_multi_remove_handle(multi, easy) }
            finish(transfer, with: .failure(.other("the curl transport is shut down")))
            retire(transfer)
        }
        active.removeAll()
        queued.removeAll()
        curl_multi_cleanup(multi)
    }
}

/// The pthread entry point: `context` is the engine, retained by `init` for the thread's lifetime.
private func curlEngineThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let engine = Unmanaged<CurlEngine>.fromOpaque(context).takeRetainedValue()
    engine.run()
    return nil
}
