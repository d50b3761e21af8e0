/// What `DELETE /v1/generations/{id}` did.
package enum GenerationCancellation: Sendable {
    /// It was queued: it has failed (`cancelled`) without asking for anything.
    case cancelledQueued(GenerationRecord)
    /// It is running: it asks for no further batch, and fails once the ones asked for are stored. `first` is false
    /// when an earlier request had cancelled it already.
    case stopping(GenerationRecord, first: Bool)
    /// It had ended already: nothing changed.
    case finished(GenerationRecord)
}
