/// Runs `operation`, cancelling it and throwing ``TransportError/timedOut(seconds:)`` if it has not finished within
/// `seconds`.
///
/// A race between the operation and a sleeping child task; the sleep costs no CPU while it waits. The transport's
/// own deadline helper, because AsyncHTTPClient's deadline ends at the response head and the body must be bounded too.
func withDeadline<T: Sendable>(seconds: Int, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withDeadline(.seconds(seconds), reportedAs: seconds, operation)
}

/// ``withDeadline(seconds:_:)`` with whatever is left of an earlier deadline; a timeout reports the request's
/// whole timeout, `reported`.
func withDeadline<T: Sendable>(
    _ limit: Duration, reportedAs reported: Int, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    guard limit > .zero else { throw TransportError.timedOut(seconds: reported) }
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit, tolerance: .milliseconds(10))
            throw TransportError.timedOut(seconds: reported)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TransportError.timedOut(seconds: reported) }
        return first
    }
}
