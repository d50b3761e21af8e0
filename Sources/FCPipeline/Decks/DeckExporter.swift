public import FCCore
public import FCDeckFormats
public import FCStore
public import Foundation

/// The formats `fcgen export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// Anki's "Notes in Plain Text" (tab-separated, with file headers).
    case anki
    /// fcgen's own `question;answer;explanation;reversed;kind[;options]` CSV, which `fcgen import` reads back.
    case csv
    /// Every field of every card, for other tools.
    case json
}

/// What an export wrote.
public struct ExportReport: Sendable {
    public var notes = 0
    /// Pictures the exported text refers to; ``DeckExporter/writeMedia(_:to:from:)`` writes them.
    public var images: [ExportImage] = []
    /// What the file does not carry as stored (pictures in CSV, split pairs, …), by reason.
    public var losses: [ExportLoss] = []
}

/// Turns a topic's cards into an export file, note by note, through a `write` sink (a file or stdout).
///
/// A card stored with a reversed twin becomes one note marked reversed (Anki: "Basic (and reversed card)"; CSV:
/// `yes`), the twin not written again, when import would make that twin again; a twin edited on its own is
/// written as a card of its own. JSON carries every card, twins included, as stored. What CSV or Anki cannot carry
/// is left out or changed as ``ExportLoss`` says, and listed in ``ExportReport/losses``, so that importing the file
/// into an empty topic and exporting that gives the same file.
public enum DeckExporter {
    /// Writes the topic's cards in `format`.
    ///
    /// - Parameters:
    ///   - withProgress: JSON only: add each card's learning state, when the database has study tables.
    ///   - writesMedia: Anki only: whether the caller writes the pictures' files (else they count as a loss).
    ///   - progress: called with the notes written so far: first with none, then after each note.
    public static func export(
        topic: Topic, format: ExportFormat, from store: Store, withProgress: Bool = false, writesMedia: Bool = true,
        progress onProgress: ((ExportProgress) -> Void)? = nil, write: (String) async throws -> Void
    ) async throws -> ExportReport {
        let cards = try await Cards.details(on: store, topicID: topic.id)
        var report = ExportReport()
        switch format {
        case .json:
            let progress = withProgress ? try await store.learningState(topicID: topic.id) : nil
            let document = ExportDocument(
                topic: topic.name, cards: cards,
                progress: progress.map { states in
                    Dictionary(uniqueKeysWithValues: states.map { (String($0.key), $0.value) })
                }, hasProgressTables: withProgress ? progress != nil : nil)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            // RFC 3339 in UTC with milliseconds, the one time format of fcgen's JSON.
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(RFC3339.milliseconds(date))
            }
            onProgress?(ExportProgress(notesWritten: 0, totalNotes: cards.count))
            try await write(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
            report.notes = cards.count
            onProgress?(ExportProgress(notesWritten: report.notes, totalNotes: cards.count))
        case .csv:
            let plan = ExportPlan(cards: cards, holdsPictures: false, writesMedia: false)
            try await write(DeckCSVWriter.header(for: plan.notes))
            onProgress?(ExportProgress(notesWritten: 0, totalNotes: plan.notes.count))
            for note in plan.notes {
                try await write(DeckCSVWriter.line(for: note))
                report.notes += 1
                onProgress?(ExportProgress(notesWritten: report.notes, totalNotes: plan.notes.count))
            }
            report.losses = plan.report
        case .anki:
            let plan = ExportPlan(cards: cards, holdsPictures: true, writesMedia: writesMedia)
            let notes = try await credited(plan.notes, from: store)
            let writer = AnkiTextWriter(deck: topic.name)
            let withCredits = AnkiTextWriter.hasCredits(notes)
            try await write(writer.header(withCredits: withCredits))
            onProgress?(ExportProgress(notesWritten: 0, totalNotes: notes.count))
            var seen = Set<String>()
            for note in notes {
                try await write(writer.line(for: note, withCredits: withCredits))
                report.notes += 1
                onProgress?(ExportProgress(notesWritten: report.notes, totalNotes: notes.count))
                if let image = note.image, seen.insert(image.hash).inserted { report.images.append(image) }
            }
            report.losses = plan.report
        }
        return report
    }

    /// `notes` with their pictures' credits (`image_credits`), read once per picture.
    static func credited(_ notes: [ExportNote], from store: Store) async throws -> [ExportNote] {
        var credits: [String: ExportCredit?] = [:]
        var result = notes
        for index in result.indices {
            guard let hash = result[index].image?.hash else { continue }
            if credits[hash] == nil {
                credits[hash] = try await StoredImages.credit(on: store, hash: hash).map {
                    ExportCredit(
                        provider: $0.provider, authorName: $0.authorName, authorURL: $0.authorURL,
                        photoURL: $0.photoURL)
                }
            }
            result[index].image?.credit = credits[hash] ?? nil
        }
        return result
    }

    /// Writes each picture as `<hash>.<ext>` into `directory`.
    public static func writeMedia(_ images: [ExportImage], to directory: URL, from store: Store) async throws {
        for image in images {
            guard let stored = try await StoredImages.bytes(on: store, hash: image.hash) else { continue }
            try Data(stored.bytes).write(to: directory.appendingPathComponent(image.fileName))
        }
    }
}

/// The JSON export: `schemaVersion` 1, the topic, every card with its details, and learning state on request.
struct ExportDocument: Encodable {
    var schemaVersion = 1
    var topic: String
    var cards: [CardDetails]
    /// Card id → that card's state rows (one per learner), as stored by the study tables.
    var progress: [String: [[String: StateValue]]]?
    /// `false` when `--with-progress` was asked for but the database has no study tables yet.
    var hasProgressTables: Bool?
}
