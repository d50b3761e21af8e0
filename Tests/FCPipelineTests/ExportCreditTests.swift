import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A picture an image resolver found is credited in the Anki export: a `Credit` column, the photographer and the
/// provider linked as the provider asks; a deck without a credited picture keeps the six columns.
struct ExportCreditTests {
    static let now = Now.constant(Date(timeIntervalSince1970: 1_700_000_000))

    static func picture(_ seed: UInt8, credited: Bool) -> CardPicture {
        CardPicture(
            image: NewImage(
                hash: String(repeating: String(format: "%02x", seed), count: 32), mimeType: "image/png",
                bytes: ImageLoaderTests.png),
            credit: credited
                ? ImageCredit(
                    provider: "unsplash", authorName: "Ada & Co", authorURL: "https://unsplash.example/@ada",
                    photoURL: "https://unsplash.example/photos/\(seed)?a=1&b=2") : nil)
    }

    private func anki(_ topic: Topic, _ store: Store) async throws -> String {
        var text = ""
        _ = try await DeckExporter.export(topic: topic, format: .anki, from: store, writesMedia: false) { text += $0 }
        return text
    }

    @Test func aCreditedPictureIsCreditedInItsOwnColumn() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let drafts = (1...3).map {
            CardDraft(question: "Rome question \($0)?", answer: "Answer \($0)", origin: .generated)
        }
        var batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "a", depth: .foundational), provider: "p",
            model: "m", promptHash: "h", outcome: .strict, cards: drafts)
        batch.pictures = [0: Self.picture(1, credited: true), 1: Self.picture(2, credited: false)]
        _ = try await BatchStorage.store(on: store, batch)

        let lines = try await anki(topic, store).split(separator: "\n").map(String.init)
        #expect(lines.contains("#columns:Note type\tDeck\tFront\tBack\tExplanation\tTags\tCredit"))
        let notes = lines.filter { !$0.hasPrefix("#") }
        #expect(notes.count == 3)
        let credit =
            #"Photo by <a href=""https://unsplash.example/@ada"">Ada &amp; Co</a> on "#
            + #"<a href=""https://unsplash.example/photos/1?a=1&amp;b=2"">Unsplash</a>"#
        // The field holds quotes, so it is quoted with doubled quotes as Anki's own exporter writes it.
        #expect(notes[0].hasSuffix("\t\"\(credit)\""), "\(notes[0])")
        #expect(notes[1].hasSuffix("\tfcgen\t"), "an uncredited picture has an empty Credit field")
        #expect(notes[2].hasSuffix("\tfcgen\t"))
        #expect(notes.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 7 })

        // fcgen import reads the file back (its pictures beside it), the Credit column left aside.
        let path = database.path(named: "deck.txt")
        var text = ""
        let exported = try await DeckExporter.export(topic: topic, format: .anki, from: store) { text += $0 }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try await DeckExporter.writeMedia(
            exported.images, to: URL(fileURLWithPath: path).deletingLastPathComponent(), from: store)
        let report = try await DeckImporter.importFile(
            path: path, format: nil, topic: "Copy", into: store, skipBad: true, dryRun: false)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.summary.rows == 3)
        let copy = try #require(try await Topics.named(on: store, "Copy"))
        #expect(try await Cards.details(on: store, topicID: copy.id).map(\.card.question) == drafts.map(\.question))
    }

    @Test func aDeckWithoutCreditsKeepsSixColumns() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        var batch = NewBatch(
            topicID: topic.id, plan: BatchPlan(number: 1, aspect: "a", depth: .foundational), provider: "p",
            model: "m", promptHash: "h", outcome: .strict,
            cards: [CardDraft(question: "Who?", answer: "Romulus", origin: .generated)])
        batch.pictures = [0: Self.picture(3, credited: false)]
        _ = try await BatchStorage.store(on: store, batch)
        let text = try await anki(topic, store)
        #expect(text.contains("#columns:Note type\tDeck\tFront\tBack\tExplanation\tTags\n"))
        #expect(!text.contains("Credit"))
    }
}
