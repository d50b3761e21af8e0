import FCCore
package import FCStore

extension ImportCards {
    /// Removes the staged rows of imports that died: stagings untouched for ``staleMilliseconds``, with the hidden
    /// topics they were filling, and hidden topics whose staging is gone (a `db copy` taken mid-import). Every
    /// import starts with it.
    ///
    /// - Returns: how many stagings were removed.
    @discardableResult
    package static func removeStale(on store: Store) async throws -> Int {
        let cutoff = store.now().unixMilliseconds - staleMilliseconds
        let (stale, orphans) = try await store.read { db in
            (try await db.stagings(touchedBefore: cutoff), try await db.hiddenTopics(stagingID: nil))
        }
        for id in stale { try await discard(on: store, id) }
        for topicID in orphans { try await discardHiddenTopic(on: store, topicID) }
        return stale.count
    }

    /// Deletes one staging's rows in short transactions of at most ``cleanUpRows`` rows, then the staging; first
    /// the hidden topic it was filling, if any, with its cards.
    static func discard(on store: Store, _ stagingID: Int64) async throws {
        for topicID in try await store.read({ try await $0.hiddenTopics(stagingID: stagingID) }) {
            try await discardHiddenTopic(on: store, topicID)
        }
        var deleted = 1
        while deleted > 0 {
            deleted = try await store.write("import cards (clean up)", patience: Store.paidWorkPatience) { db in
                try await db.deleteStagedCards(stagingID: stagingID, limit: cleanUpRows)
            }
        }
        try await store.write("import cards (clean up)", patience: Store.paidWorkPatience) { db in
            try await db.deleteStaging(id: stagingID)
        }
    }

    /// Deletes a hidden topic's cards in short transactions, then, in the last, the topic and the pictures no card
    /// shows any more.
    static func discardHiddenTopic(on store: Store, _ topicID: Int64) async throws {
        var isGone = false
        while !isGone {
            isGone = try await store.write("import cards (clean up)", patience: Store.paidWorkPatience) { db in
                guard try await db.deleteHiddenTopicCards(topicID: topicID, limit: cleanUpRows) == 0 else {
                    return false
                }
                try await db.deleteHiddenTopic(id: topicID)
                try await db.deleteUnusedImages()
                return true
            }
        }
    }
}
