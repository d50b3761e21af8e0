extension Optional {
    /// `map` for a transform that awaits (a query on a transaction's connection, a ledger read).
    package func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
