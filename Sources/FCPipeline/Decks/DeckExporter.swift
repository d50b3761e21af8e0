public import FCCore
public import FCDeckFormats
public import FCStore
public import Foundation

/// The formats `fcgen export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// Anki's "Notes in Plain Text" (tab-separated, with file headers).
    case anki
    /// fcgen's own `question;answer;explanation;reversed` CSV, which `fcgen import` reads back.
    case csv
    /// Every field of every card, for other tools.
    case json
}

/// What an export wrote.
public struct ExportReport: Sendable {
    public var notes = 0
    /// Pictures the exported text refers to; ``DeckExporter/writeMedia(_:to:from:)`` writes them.
    public var images: [ExportImage] = []
    /// Image cards whose picture the format could not carry (CSV).
    public var imagesLeftOut = 0
}

/// Turns a topic's cards into an export file, note by note, through a `write` sink (a file or stdout).
///
/// A card stored with a reversed twin becomes one note marked reversed (Anki: "Basic (and reversed card)"; CSV:
/// `yes`); the twin itself is not written again. JSON carries every card, twins included, as stored.
public enum DeckExporter {
    /// Writes the topic's cards in `format`.
    ///
    /// - Parameter withProgress: JSON only: add each card's learning state, when the database has study tables.
    public static func export(
        topic: Topic, format: ExportFormat, from store: Store, withProgress: Bool = false,
        write: (String) throws -> Void
    ) async throws -> ExportReport {
        let cards = try await store.cardDetails(topicID: topic.id)
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
            try write(String(decoding: try encoder.encode(document), as: UTF8.self) + "\n")
            report.notes = cards.count
        case .csv:
            var writer = DeckCSVWriter()
            try write(DeckCSVWriter.header)
            for note in notes(cards) {
                try write(writer.line(for: note))
                report.notes += 1
            }
            report.imagesLeftOut = writer.skippedImages
        case .anki:
            let writer = AnkiTextWriter(deck: topic.name)
            try write(writer.header)
            var seen = Set<String>()
            for note in notes(cards) {
                try write(writer.line(for: note))
                report.notes += 1
                if let image = note.image, seen.insert(image.hash).inserted { report.images.append(image) }
            }
        }
        return report
    }

    /// Writes each picture as `<hash>.<ext>` into `directory`.
    public static func writeMedia(_ images: [ExportImage], to directory: URL, from store: Store) async throws {
        for image in images {
            guard let stored = try await store.imageBytes(hash: image.hash) else { continue }
            try Data(stored.bytes).write(to: directory.appendingPathComponent(image.fileName))
        }
    }

    /// Cards as notes: twins folded into the card they were made from.
    static func notes(_ cards: [CardDetails]) -> [ExportNote] {
        let ids = Set(cards.map(\.card.id))
        return cards.compactMap { details in
            // A twin whose original is in this deck is written as part of it.
            if let original = details.reverseOf, ids.contains(original) { return nil }
            let image = details.image.flatMap { info in
                ImageFormat(mimeType: info.mimeType).map { ExportImage(hash: info.hash, format: $0) }
            }
            return ExportNote(
                question: details.card.question, answer: details.card.answer, explanation: details.card.explanation,
                isReversed: details.reverseOf == nil && details.twinID != nil, image: image)
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
