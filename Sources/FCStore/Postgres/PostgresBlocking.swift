/// Waits on the calling thread for async work that postgres-nio offers only as `async` (connecting). The work runs
/// in a task; the caller's thread sleeps on a semaphore until it finishes.
///
/// Only for the store's own threads (see ``PostgresSQLConnection``): on Swift's cooperative pool, blocking a pool
/// thread while the task needs one can stall it.
enum PostgresBlocking {
    /// Runs `work` and returns its result, or throws `mapError` of its error.
    static func run<T: Sendable>(
        _ work: @escaping @Sendable () async throws -> T, mapError: (any Error) -> any Error
    ) throws -> T {
        let handoff = PostgresHandoff<Result<T, any Error>>()
        Task(executorPreference: PostgresTaskExecutor.shared) {
            do { handoff.deliver(.success(try await work())) } catch { handoff.deliver(.failure(error)) }
        }
        switch handoff.wait() {
        case .success(let value): return value
        case .failure(let error): throw mapError(error)
        }
    }
}
