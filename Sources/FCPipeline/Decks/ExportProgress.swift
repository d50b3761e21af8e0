/// How far ``DeckExporter/export(topic:format:from:withProgress:writesMedia:progress:write:)`` has got: what a
/// progress bar shows.
public struct ExportProgress: Sendable, Hashable {
    /// Notes written so far.
    public var notesWritten: Int
    /// Notes the export writes in all (JSON: cards, written at once at the end).
    public var totalNotes: Int

    /// The share written, 0–1 (1 for an empty topic).
    public var fraction: Double {
        totalNotes > 0 ? min(Double(notesWritten) / Double(totalNotes), 1) : 1
    }
}
