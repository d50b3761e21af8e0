import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `export → import into an empty topic → export` gives the same file, for every card kind a format can hold, and
/// the export says exactly what it cannot hold.
struct DeckRoundTripTests {
    static let now = Now.constant(Date(timeIntervalSince1970: 1_700_000_000))

    /// A deck with every kind, a reversed pair, a twin edited on its own, pictures, maths and hostile cells.
    private func everyKind(in store: Store) async throws -> (topic: Topic, ids: [String: Int64]) {
        let topic = try await Topics.ensure(on: store, named: "Every kind")
        var ids: [String: Int64] = [:]
        func add(
            _ label: String, _ kind: CardKind, _ question: String, _ answer: String, _ explanation: String? = nil,
            image: NewImage? = nil, twin: Bool = false, choices: CardChoices? = nil
        ) async throws {
            let cards = try await CardEditing.add(
                on: store,
                NewCard(
                    topicID: topic.id, kind: kind, question: question, answer: answer, explanation: explanation,
                    image: image, withTwin: twin, choices: choices)
            ).cards
            ids[label] = cards[0].card.id
            if twin { ids[label + " twin"] = cards[1].card.id }
        }
        try await add(
            "pair", .question, "Who founded Rome?", "Romulus", "Legend; with \"Remus\"\n\tand a wolf", twin: true)
        try await add("definition", .definition, "Consul", "One of two yearly magistrates")
        try await add("truefalse", .truefalse, "Rome was founded in 753 BC.", "True")
        try await add("fillblank", .fillblank, "Caesar crossed the ____ in 49 BC.", "Rubicon")
        try await add("math", .math, "Solve $x^2 = 4$ for \\$5", "$$x = \\pm 2$$", "$a$ and \\(b\\)")
        try await add("picture only", .image, "", "The Colosseum", image: Self.picture("colosseum"))
        try await add("with picture", .question, "Which emperor is this?", "Augustus", image: Self.picture("augustus"))
        try await add("formulas", .question, "=cmd|' /C calc'!A0", "-273.15 °C", "@SUM(A1) and +1")
        try await add("split", .question, "Capital of the empire?", "Rome", twin: true)
        try await add(
            "cloze", .cloze, "{{c1::Romulus}} founded <Rome> in {{c2::753 BC::year}}.",
            "Romulus founded <Rome> in 753 BC.", "Legend & \"tradition\"")
        try await add(
            "mcq", .mcq, "Who was the second king?\nOf Rome, that is.", "Numa | Pompilius", "After Romulus.",
            choices: try CardChoices.make(
                ["Remus", "=1+1", "Numa | Pompilius", "*Tullus \\ Hostilius"], correctIndex: 2
            )
            .get())
        let split = try #require(ids["split twin"])
        _ = try await CardEditing.edit(on: store, id: split, alsoTwin: false) { _ in
            CardUpdate(kind: .question, question: "Rome", answer: "The capital", explanation: nil)
        }
        return (topic, ids)
    }

    /// A real 1×1 PNG whose `tEXt` comment is `label`, so each label is a different picture (the importer checks
    /// a picture's whole structure, not only its signature).
    static func picture(_ label: String) -> NewImage {
        let bytes = TestPictures.png(text: label)
        return NewImage(hash: ImageLoader.contentHash(of: bytes), mimeType: "image/png", bytes: bytes)
    }

    private func export(_ topic: Topic, _ format: ExportFormat, _ store: Store, media directory: String? = nil)
        async throws -> (text: String, report: ExportReport)
    {
        var text = ""
        let report = try await DeckExporter.export(
            topic: topic, format: format, from: store, writesMedia: directory != nil
        ) { text += $0 }
        if let directory {
            try await DeckExporter.writeMedia(report.images, to: URL(fileURLWithPath: directory), from: store)
        }
        return (text, report)
    }

    @Test(arguments: [ExportFormat.csv, .anki])
    func secondExportIsByteIdentical(_ format: ExportFormat) async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let (topic, _) = try await everyKind(in: store)
        let first = try await export(topic, format, store, media: format == .anki ? database.directory : nil)
        let file = database.path(named: format == .csv ? "deck.csv" : "deck.txt")
        try Data(first.text.utf8).write(to: URL(fileURLWithPath: file))

        // An empty topic of the same name (Anki's deck column is the topic's name), in another database.
        let copy = try await Store.open(path: database.path(named: "copy.sqlite"), now: Self.now)
        let imported = try await DeckImporter.importFile(
            path: file, format: nil, topic: topic.name, into: copy, skipBad: false, dryRun: false)
        #expect(imported.skippedTotal == 0 && imported.summary.topicCreated)
        let second = try await export(imported.topic, format, copy, media: format == .anki ? database.directory : nil)
        #expect(second.text == first.text)
        #expect(first.report.losses.map(\.reason).contains(.pairSplit))
        #expect(second.report.losses.isEmpty, "the copy holds only what the file carried")

        // Every kind the format holds comes back as that kind.
        let kinds = try await Cards.details(on: copy, topicID: imported.topic.id).map(\.card.kind)
        let expected: Set<CardKind> =
            format == .csv
            ? [.question, .definition, .truefalse, .fillblank, .math, .cloze, .mcq] : Set(CardKind.allCases)
        #expect(Set(kinds) == expected)
    }

    @Test(arguments: [ExportFormat.csv, .anki])
    func clozeAndChoiceCardsComeBackAsTheyWereStored(_ format: ExportFormat) async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let (topic, ids) = try await everyKind(in: store)
        let (text, report) = try await export(
            topic, format, store, media: format == .anki ? database.directory : nil)
        #expect(!report.losses.contains { $0.reason == .refusedByImport }, "\(report.losses)")
        let file = database.path(named: format == .csv ? "deck.csv" : "deck.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let copy = try await Store.open(path: database.path(named: "copy.sqlite"), now: Self.now)
        let imported = try await DeckImporter.importFile(
            path: file, format: nil, topic: topic.name, into: copy, skipBad: false, dryRun: false)
        let original = try await Cards.details(on: store, topicID: topic.id).map(\.card)
        let back = try await Cards.details(on: copy, topicID: imported.topic.id).map(\.card)
        for label in ["cloze", "mcq"] {
            let stored = try #require(original.first { $0.id == ids[label] })
            let read = try #require(back.first { $0.question == stored.question }, "\(label) not imported")
            #expect(read.kind == stored.kind)
            #expect(read.answer == stored.answer)
            #expect(read.explanation == stored.explanation)
            #expect(read.choices == stored.choices)
        }
        #expect(back.first { $0.kind == .mcq }?.choices?.correct == "Numa | Pompilius")
        if format == .csv {
            #expect(text.hasPrefix(DeckCSVWriter.headerWithOptions))
            #expect(text.contains(#";no;mcq;Remus|=1+1|*Numa \| Pompilius|\*Tullus \\ Hostilius"#))
        } else {
            #expect(text.contains("Cloze\tEvery kind\t{{c1::Romulus}} founded &lt;Rome&gt; in {{c2::753 BC::year}}.\t"))
            #expect(text.contains("<br><br>A) Remus<br>B) =1+1<br>C) Numa | Pompilius<br>D) *Tullus \\ Hostilius\t"))
            #expect(text.contains("fcgen fcgen::kind::mcq"))
        }
    }

    @Test func jsonCarriesTheOptions() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let (topic, ids) = try await everyKind(in: store)
        let (text, _) = try await export(topic, .json, store)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]]).compactMap { $0["card"] as? [String: Any] }
        let mcq = try #require(cards.first { ($0["id"] as? Int).map(Int64.init) == ids["mcq"] })
        let choices = try #require(mcq["choices"] as? [String: Any])
        #expect(choices["options"] as? [String] == ["Remus", "=1+1", "Numa | Pompilius", "*Tullus \\ Hostilius"])
        #expect(choices["correctIndex"] as? Int == 2)
        #expect(cards.filter { $0["choices"] != nil }.count == 1)
    }

    @Test func csvSaysWhatItCannotHold() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let (topic, ids) = try await everyKind(in: store)
        let (text, report) = try await export(topic, .csv, store)
        let losses = Dictionary(uniqueKeysWithValues: report.losses.map { ($0.reason, $0.cardIDs) })
        #expect(losses[.pictureOnlyCard] == [ids["picture only"]].compactMap { $0 })
        #expect(losses[.picture] == [ids["with picture"]].compactMap { $0 })
        #expect(losses[.pairSplit] == [ids["split"]].compactMap { $0 })
        #expect(report.losses.count == 3)
        #expect(!text.contains("The Colosseum"))
        #expect(text.contains("'=cmd|' /C calc'!A0;-273.15 °C;'@SUM(A1) and +1;no;question\n"))
        #expect(text.contains("Rome;The capital;;no;question\n"), "the edited twin is a card of its own")
    }

    @Test func ankiCarriesPicturesAndKindsAndSaysWhenTheMediaIsNotWritten() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let (topic, ids) = try await everyKind(in: store)
        let (text, report) = try await export(topic, .anki, store)
        #expect(text.contains("\tfcgen fcgen::kind::truefalse\n"))
        #expect(text.contains("Solve \\(x^2 = 4\\) for &#36;5\t\\[x = \\pm 2\\]"))
        let image = Self.picture("colosseum")
        #expect(text.contains("Basic\tEvery kind\t\"<img src=\"\"\(image.hash).png\"\">\"\tThe Colosseum"))
        let notWritten = report.losses.first { $0.reason == .mediaNotWritten }
        #expect(notWritten?.cardIDs == [ids["picture only"], ids["with picture"]].compactMap { $0 })
    }

    @Test func aMissingPictureIsABadRowNamingTheFile() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let file = database.path(named: "deck.txt")
        try Data("#separator:tab\n#html:true\n<img src=\"gone.png\">\tFrance\n".utf8).write(
            to: URL(fileURLWithPath: file))
        await #expect {
            _ = try await DeckImporter.importFile(
                path: file, format: nil, topic: "Flags", into: store, skipBad: false, dryRun: false)
        } throws: { error in
            guard case PipelineError.importRefused(_, let problems, 1) = error else { return false }
            return problems.first?.hasPrefix("\(file):3:1: picture gone.png: not found beside the deck") == true
        }
        #expect(try await Topics.named(on: store, "Flags") == nil, "a refused import creates no topic")
    }

    @Test func aCSVExportSavedAsTxtStillReadsAsCSV() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Self.now)
        let file = database.path(named: "deck.txt")
        try Data("question;answer;explanation;reversed;kind\nQ;A;;no;definition\n".utf8).write(
            to: URL(fileURLWithPath: file))
        let report = try await DeckImporter.importFile(
            path: file, format: nil, topic: "T", into: store, skipBad: false, dryRun: false)
        #expect(report.format == .csv && report.summary.cardsStored == 1)
    }
}
