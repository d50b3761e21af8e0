import FCCore
import FCDeckFormats
import FCStore

/// Decides what an export writes: cards as notes (a reversed twin folded into its card, a cloze card's siblings into
/// the note's card, whose text import splits into siblings again), and what the format
/// cannot carry (``ExportLoss``), so that importing the file into an empty topic and exporting again gives the same
/// file.
struct ExportPlan {
    private(set) var notes: [ExportNote] = []
    private var losses: [ExportLoss.Reason: [Int64]] = [:]
    private var ruleProblems: [String: [Int64]] = [:]

    /// - Parameters:
    ///   - holdsPictures: whether the format carries pictures (Anki does, as media files; CSV does not).
    ///   - writesMedia: whether the pictures' files are written too.
    init(cards: [CardDetails], holdsPictures: Bool, writesMedia: Bool) {
        let byID = Dictionary(cards.map { ($0.card.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Twins that import can make again from their card are folded into it; the others are written as cards.
        // Cloze siblings repeat their note's text: the note's card writes it once.
        var folded = Set(cards.filter { $0.card.clozeOf != nil }.map(\.card.id))
        for details in cards where details.reverseOf == nil {
            guard let twinID = details.twinID, let twin = byID[twinID], twin.reverseOf == details.card.id else {
                continue
            }
            if Self.isPlainTwin(twin, of: details, holdsPictures: holdsPictures) {
                folded.insert(twinID)
            } else {
                losses[.pairSplit, default: []].append(details.card.id)
            }
        }
        // Without pictures, a card asking what another card asks would be skipped by import as a duplicate.
        // Cards without a picture (twins included) are unique in the topic already, so they are kept first.
        var keys = Set(cards.filter { $0.image == nil }.map { DedupKey.make($0.card.question) })
        for details in cards where !folded.contains(details.card.id) {
            let id = details.card.id
            let card = details.card
            var note = ExportNote(
                kind: card.kind, question: card.question, answer: card.answer, explanation: card.explanation,
                isReversed: details.twinID.map(folded.contains) ?? false,
                image: details.image.flatMap { info in
                    ImageFormat(mimeType: info.mimeType).map { ExportImage(hash: info.hash, format: $0) }
                }, choices: card.choices)
            if note.image != nil && !holdsPictures {
                if note.question.isEmpty {
                    losses[.pictureOnlyCard, default: []].append(id)
                    continue
                }
                guard keys.insert(DedupKey.make(note.question)).inserted else {
                    // Its folded twin goes with it.
                    let twin = note.isReversed ? details.twinID.map { [$0] } ?? [] : []
                    losses[.duplicateWithoutPicture, default: []].append(contentsOf: [id] + twin)
                    continue
                }
                note.image = nil
                if note.kind == .image { note.kind = .question }
                losses[.picture, default: []].append(id)
            }
            if note.image != nil && !writesMedia { losses[.mediaNotWritten, default: []].append(id) }
            let content = CardContent(
                kind: note.kind, question: note.question, answer: note.answer, explanation: note.explanation,
                hasImage: note.image != nil, choices: note.choices)
            do {
                _ = try CardRules.validate(content, reversed: note.isReversed)
            } catch {
                ruleProblems[error.importMessage, default: []].append(id)
            }
            notes.append(note)
        }
    }

    /// What the file does not carry, in a fixed order.
    var report: [ExportLoss] {
        var report = ExportLoss.Reason.allCases.compactMap { reason -> ExportLoss? in
            guard let ids = losses[reason], reason != .refusedByImport else { return nil }
            return ExportLoss(reason: reason, cardIDs: ids, message: Self.message(reason))
        }
        for (problem, ids) in ruleProblems.sorted(by: { $0.value[0] < $1.value[0] }) {
            report.append(
                ExportLoss(
                    reason: .refusedByImport, cardIDs: ids,
                    message: "written, but fcgen import refuses it until it is fixed: \(problem)"))
        }
        return report
    }

    private static func message(_ reason: ExportLoss.Reason) -> String {
        switch reason {
        case .pictureOnlyCard: "left out: CSV has no picture column and the card has no question"
        case .picture: "picture left out (CSV has no picture column); the text is written, kind image as question"
        case .duplicateWithoutPicture:
            "left out: without its picture it asks the same question as an earlier card, and import would skip it"
        case .pairSplit:
            "reversed pair written as two separate cards (the twin was edited on its own); import does not link them"
        case .mediaNotWritten: "picture file not written: give --out FILE to write the pictures beside the export"
        case .refusedByImport: ""
        }
    }

    /// Whether import makes exactly `twin` again from `card`'s reversed note: question and answer swapped, same
    /// explanation and kind, no picture, and the card rules allow reversing the card.
    private static func isPlainTwin(_ twin: CardDetails, of card: CardDetails, holdsPictures: Bool) -> Bool {
        guard twin.image == nil, twin.card.question == card.card.answer, twin.card.answer == card.card.question,
            twin.card.explanation == card.card.explanation, twin.card.kind == card.card.kind
        else { return false }
        let content = CardContent(
            kind: card.card.kind == .image && !holdsPictures ? .question : card.card.kind,
            question: card.card.question, answer: card.card.answer, explanation: card.card.explanation,
            hasImage: holdsPictures && card.image != nil)
        return (try? CardRules.validate(content, reversed: true)) != nil
    }
}
