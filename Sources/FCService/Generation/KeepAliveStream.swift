import Synchronization

extension AsyncStream where Element == ServerSentEvent {
    /// The events' wire text, with a `: keep-alive` comment (WHATWG HTML, "Server-sent events": a line starting
    /// with a colon, which an `EventSource` ignores) whenever `interval` passes with nothing sent, so a proxy or a
    /// phone does not drop an idle connection while a generation waits in the queue or for its provider.
    ///
    /// Ends when the events end; a consumer that goes away cancels the forwarding (and so the subscription).
    func keepingAlive(every interval: Duration) -> AsyncStream<String> {
        let (output, continuation) = AsyncStream<String>.makeStream()
        let events = self
        let task = Task {
            let lastSent = LastSent()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in events {
                        continuation.yield(event.text)
                        lastSent.mark()
                    }
                }
                group.addTask {
                    let clock = ContinuousClock()
                    while !Task.isCancelled {
                        try? await Task.sleep(until: lastSent.instant + interval, clock: clock)
                        if Task.isCancelled { break }
                        if clock.now >= lastSent.instant + interval {
                            continuation.yield(": keep-alive\n\n")
                            lastSent.mark()
                        }
                    }
                }
                // The events ended (or the consumer left): the ticker stops with them.
                await group.next()
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return output
    }
}

/// When the stream last sent something.
private final class LastSent: Sendable {
    private let value = Mutex(ContinuousClock.now)

    var instant: ContinuousClock.Instant { value.withLock { $0 } }

    func mark() { value.withLock { $0 = .now } }
}
