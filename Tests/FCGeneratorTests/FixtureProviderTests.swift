import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct FixtureProviderTests {
    /// A fresh fixtures folder per test.
    static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-fixtures-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ text: String, to folder: URL, slug: String, batch: String) throws {
        let directory = folder.appendingPathComponent(slug, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: directory.appendingPathComponent("batch-\(batch).json"), atomically: true, encoding: .utf8)
    }

    @Test func slugFollowsTheContract() {
        #expect(FixtureProvider.slug("Roman history") == "roman-history")
        #expect(FixtureProvider.slug("  C++ / Rust: ownership!! ") == "c-rust-ownership")
        #expect(FixtureProvider.slug("Café Society") == "cafe-society")
        #expect(FixtureProvider.slug("World War 2") == "world-war-2")
        #expect(FixtureProvider.slug("???") == "topic")
    }

    @Test func replaysTheBatchFileWithTheOpenAIParser() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(
            Fixtures.openAIBody(finishReason: "length", model: "recorded", promptTokens: 10, completionTokens: 20),
            to: folder,
            slug: "roman-history",
            batch: "003"
        )
        let provider = FixtureProvider(directory: folder)
        let completion = try await provider.complete(Fixtures.request(topic: "Roman History"))
        #expect(
            completion
                == Completion(
                    text: Fixtures.cardsText, truncated: true, usage: .init(input: 10, output: 20), model: "recorded"))
        #expect(provider.name == "fixture" && provider.model == "fixture")
        #expect(FixtureProvider.replyPath(topic: "Roman History", batch: 12) == "roman-history/batch-012.json")
    }

    @Test func missingFileGivesAnEmptyCompletion() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let completion = try await FixtureProvider(directory: folder).complete(Fixtures.request(topic: "Nothing here"))
        #expect(completion == Completion(text: "", truncated: false, usage: .none, model: "fixture"))
    }

    @Test func unreadableFixtureIsABadResponse() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("not a completion", to: folder, slug: "roman-history", batch: "003")
        await #expect {
            try await FixtureProvider(directory: folder).complete(Fixtures.request())
        } throws: { error in
            guard case GeneratorError.badResponse("fixture", let detail) = error else { return false }
            return detail.contains("batch-003.json")
        }
    }

    @Test func factoryBuildsAFixtureProviderFromSettings() async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Fixtures.openAIBody(), to: folder, slug: "roman-history", batch: "003")
        let provider = makeProvider(
            ProviderSettings(kind: .fixture, model: "ignored", fixturesDirectory: folder),
            transport: StubTransport(),
            clock: ImmediateClock(),
            random: RandomSource(seed: 1),
            events: { _ in }
        )
        #expect(provider.name == "fixture")
        #expect(try await provider.complete(Fixtures.request()).text == Fixtures.cardsText)
    }
}
