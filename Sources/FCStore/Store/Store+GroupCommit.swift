import Synchronization

extension Store {
    /// Runs `body` in a write transaction that it may share with other grouped writes waiting at the same moment
    /// (group commit): each caller still gets its own result or its own error.
    ///
    /// A transaction's commit, not its statements, bounds how many small writes a second the store takes (a WAL
    /// append and its locks on SQLite, a round trip and a WAL flush on PostgreSQL). Reviews arriving at once over HTTP
    /// each want one, so while the writer is busy, the grouped writes that arrive queue here, and the next turn of the
    /// writer runs up to ``groupLimit`` of them in one transaction. Alone, a grouped write is an ordinary one: no
    /// waiting for company.
    ///
    /// When one closure of a group throws, the group's transaction is rolled back and every member runs again in a
    /// transaction of its own, so one learner's bad request never fails another's and nothing is half-written.
    /// `body` may therefore run twice and must not have effects outside the database (return them instead).
    ///
    /// When another process holds the lock past the busy timeout, the writes go back to the head of the queue and
    /// ask again, each until the store's write patience since it was asked is spent, as ``write(_:patience:_:)``
    /// does.
    ///
    /// `learner` names the learner whose rows `body` locks (PostgreSQL's `lockLearners`), when it locks one: a
    /// group runs its members in learner order, so two groups committing side by side on PostgreSQL lock their
    /// learners in the same order and wait for each other instead of deadlocking (which PostgreSQL would find only
    /// after its `deadlock_timeout`, a second, and then the group would run again member by member).
    ///
    /// - Throws: What `body` throws, or the transaction's error (``StoreError/busy(path:operation:waitedSeconds:)``,
    ///   the store closed); nothing is stored then.
    package func writeGrouped<T: Sendable>(
        _ operation: String, locking learner: Int64? = nil,
        _ body: @escaping @Sendable (borrowing Database) async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let (now, seams) = (now, seams)
            let write = GroupedWrite(operation: operation, learner: learner) { connection in
                let value = try await Self.lendGrouped(connection, now: now, seams: seams, to: body)
                return { continuation.resume(returning: value) }
            } fail: { error in
                continuation.resume(throwing: error)
            }
            enqueue(write)
        }
    }

    /// Grouped writes waiting for the writer's next turn (tests wait for a queue to fill).
    package var pendingGroupedWrites: Int { groupQueue.withLock { $0.pending.count } }

    /// The most turns that were on the writers' queue or running at once: at most ``writerCount``.
    package var peakGroupTurns: Int { groupQueue.withLock { $0.peakTurns } }

    /// Grouped writes at most per transaction: enough to share commits under load, few enough that one slow group
    /// does not hold the writer long.
    static let groupLimit = 64

    /// Queues `write`, and schedules a turn when fewer than ``writerCount`` are scheduled or running: one on SQLite
    /// (its one writer), up to one per writer connection on PostgreSQL, whose turns commit side by side.
    private func enqueue(_ write: GroupedWrite) {
        let startsTurn = groupQueue.withLock { queue in
            queue.pending.append(write)
            guard queue.turns < writerCount else { return false }
            queue.turns += 1
            queue.peakTurns = max(queue.peakTurns, queue.turns)
            return true
        }
        if startsTurn { scheduleTurn() }
    }

    /// Puts one turn on the writer's queue: it takes what is pending when it starts.
    private func scheduleTurn() {
        Task(executorPreference: writer.turnExecutor) {
            do {
                try await self.writer.run { connection in await self.takeTurn(on: connection) }
            } catch {
                // The pool has closed (or cannot open a connection): no turn is scheduled any more, and a write that
                // comes later schedules its own and fails the same way, instead of waiting for a turn that never
                // comes.
                let pending = self.groupQueue.withLock { queue in
                    defer {
                        queue.pending = []
                        queue.turns -= 1
                    }
                    return queue.pending
                }
                for write in pending { write.fail(error) }
            }
        }
    }

    private func takeTurn(on connection: any SQLConnection) async {
        let group: [GroupedWrite] = groupQueue.withLock { queue in
            // With several writers, a turn takes its share of what waits, so the other turns have work too.
            let share = (queue.pending.count + writerCount - 1) / writerCount
            let group = Array(queue.pending.prefix(min(Self.groupLimit, share)))
            queue.pending.removeFirst(group.count)
            return group
        }
        await runGroup(group, on: connection)
        // Writes that arrived during this turn get the next one (this turn's place is handed on).
        let again = groupQueue.withLock { queue in
            if queue.pending.isEmpty { queue.turns -= 1 }
            return !queue.pending.isEmpty
        }
        if again { scheduleTurn() }
    }

    private func runGroup(_ group: [GroupedWrite], on connection: any SQLConnection) async {
        guard group.count > 1 else {
            if let write = group.first { await runAlone(write, on: connection) }
            return
        }
        // Learner order (a learner's own writes keep their order; writes that lock nobody go first).
        let ordered = group.enumerated().sorted {
            ($0.element.learner ?? .min, $0.offset) < ($1.element.learner ?? .min, $1.offset)
        }
        .map(\.element)
        do {
            let answers = try await connection.immediateTransaction(
                "\(group[0].operation) (group of \(group.count))"
            ) {
                var answers: [@Sendable () -> Void] = []
                for write in ordered { answers.append(try await write.run(connection)) }
                return answers
            }
            seams.noteSharedCommit()
            for answer in answers { answer() }
        } catch let error as StoreError where error.isBusyBeforeStart {
            askAgain(group)
        } catch {
            // One member failed (or the commit did): each runs on its own, so only its own error reaches it.
            for write in group { await runAlone(write, on: connection) }
        }
    }

    private func runAlone(_ write: GroupedWrite, on connection: any SQLConnection) async {
        do {
            let answer = try await connection.immediateTransaction(write.operation) { try await write.run(connection) }
            answer()
        } catch let error as StoreError where error.isBusyBeforeStart {
            askAgain([write])
        } catch {
            write.fail(error)
        }
    }

    /// Puts writes that met a busy database back at the head of the queue (the turn's end schedules the next
    /// turn, whose `BEGIN` waits out the busy timeout again); a write whose patience is spent fails instead.
    private func askAgain(_ writes: [GroupedWrite]) {
        var again: [GroupedWrite] = []
        for write in writes {
            if ContinuousClock.now - write.start < writePatience {
                again.append(write)
            } else {
                let waited = Self.seconds(since: write.start)
                write.fail(StoreError.busy(path: path, operation: write.operation, waitedSeconds: waited))
            }
        }
        guard !again.isEmpty else { return }
        seams.busyRetries += 1
        groupQueue.withLock { $0.pending.insert(contentsOf: again, at: 0) }
    }
}

/// The grouped writes waiting for a writer, and how many turns to take them are on the writers' queue or running.
struct GroupQueue {
    var pending: [GroupedWrite] = []
    var turns = 0
    var peakTurns = 0
}
