import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct DeckImportExportTests {
    static let now = Now.constant(Date(timeIntervalSince1970: 1_700_000_000))

    static let canonicalCSV = #"""
        question;answer;explanation;reversed;kind
        Who founded Rome?;Romulus;"Legend; with Remus";yes;question
        "Say ""ave""";Hello;;no;question
        Solve $x^2 = 4$;$x = \pm 2$;"two roots:
        +2 and -2";no;math
        α ≤ β?;True;;no;truefalse

        """#

    private func write(_ text: String, in database: TemporaryDatabase, name: String = "deck.csv") throws -> String {
        let path = database.path(named: name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func export(_ topic: Topic, _ format: ExportFormat, _ store: Store) async throws -> String {
        var text = ""
        _ = try await DeckExporter.export(topic: topic, format: format, from: store) { text += $0 }
        return text
    }

    @Test func csvRoundTripIsIdentical() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let path = try write(Self.canonicalCSV, in: database)
        let report = try await DeckImporter.importFile(
            path: path, format: nil, topic: "Mixed", into: store, skipBad: false, dryRun: false)
        #expect(report.summary.rows == 4 && report.summary.cardsStored == 5 && report.summary.twinsStored == 1)
        #expect(report.summary.topicCreated)
        #expect(try await export(report.topic, .csv, store) == Self.canonicalCSV)
    }

    @Test func ankiExportReadsBackAsTheSameNotes() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let path = try write(Self.canonicalCSV, in: database)
        let topic = try await DeckImporter.importFile(
            path: path, format: .csv, topic: "Mixed", into: store, skipBad: false, dryRun: false
        ).topic
        let anki = try await export(topic, .anki, store)
        #expect(
            anki.contains("Basic (and reversed card)\tMixed\tWho founded Rome?\tRomulus\tLegend; with Remus\tfcgen\n"))
        let notes = DeckTextReader.items(of: anki, format: .anki).compactMap { item -> ImportRow? in
            if case .row(let row) = item { return row } else { return nil }
        }
        let expected = DeckTextReader.items(of: Self.canonicalCSV, format: .csv).compactMap { item -> ImportRow? in
            guard case .row(var row) = item else { return nil }
            // Anki gets MathJax delimiters; everything else comes back as written.
            row.question = MathDelimiters.mathJax(row.question)
            row.answer = MathDelimiters.mathJax(row.answer)
            return row
        }
        #expect(notes.map(\.question) == expected.map(\.question))
        #expect(notes.map(\.answer) == expected.map(\.answer))
        #expect(notes.map(\.explanation) == expected.map(\.explanation))
        #expect(notes.map(\.isReversed) == expected.map(\.isReversed))
    }

    @Test func badRowsStoreNothingUnlessSkipped() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let path = try write("Q1;A1\nQ2;A2;E;perhaps\nQ3\nQ4;A4\n", in: database)
        do {
            _ = try await DeckImporter.importFile(
                path: path, format: .csv, topic: "T", into: store, skipBad: false, dryRun: false)
            Issue.record("expected the import to be refused")
        } catch let PipelineError.importRefused(file, problems, total) {
            #expect(file == path)
            #expect(total == 2)
            #expect(
                problems.first
                    == "\(path):2:9: expected yes, no, y, n, true, false, 1, 0 or nothing in the reversed column")
            let separated = #"separated by ";""#
            #expect(problems.last == "\(path):3:3: expected at least 2 fields (question, answer) \(separated), found 1")
        }
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).isEmpty)

        let skipped = try await DeckImporter.importFile(
            path: path, format: .csv, topic: "T", into: store, skipBad: true, dryRun: false)
        #expect(skipped.summary.cardsStored == 2 && skipped.skippedTotal == 2)
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.question) == ["Q1", "Q4"])
    }

    @Test func jsonExportCarriesEveryFieldAndTheLearningState() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        _ = try await CardEditing.add(
            on: store,
            NewCard(topicID: topic.id, kind: .question, question: "Q", answer: "A", explanation: "E", withTwin: true))
        var text = ""
        _ = try await DeckExporter.export(topic: topic, format: .json, from: store, withProgress: true) { text += $0 }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(cards.count == 2)
        // The study tables exist (migration 3); no card has been reviewed, so there is no state to carry yet.
        #expect(object["hasProgressTables"] as? Bool == true)
        #expect((object["progress"] as? [String: Any])?.isEmpty ?? true)
        #expect((cards[1]["reverseOf"] as? Int) == (cards[0]["card"] as? [String: Any])?["id"] as? Int)
    }
}
