import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// The fixture replies compiled into the binary (`EmbeddedFixtures`, written at build time by the EmbedFiles plugin)
/// are the repository's `fixtures/` folder, byte for byte, and nothing else.
struct FixtureFileTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `fixtures/*/batch-*.json`, `plan.json` and `review-*.json`, keyed like the built-in copy.
    static func folderReplies() throws -> [String: String] {
        let folder = repositoryRoot.appendingPathComponent("fixtures", isDirectory: true)
        var replies: [String: String] = [:]
        for topic in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let directory = folder.appendingPathComponent(topic, isDirectory: true)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for file in files
            where ((file.hasPrefix("batch-") || file.hasPrefix("review-")) && file.hasSuffix(".json"))
                || file == "plan.json"
            {
                let data = try Data(contentsOf: directory.appendingPathComponent(file))
                replies["\(topic)/\(file)"] = String(decoding: data, as: UTF8.self)
            }
        }
        return replies
    }

    @Test func builtInRepliesAreTheFixturesFolder() throws {
        let folder = try Self.folderReplies()
        #expect(
            folder.count == 18,
            "four batch replies and an outline per topic, one reply and an outline for Solar system, and French basics' review of batch 4"
        )
        #expect(Set(EmbeddedFixtures.files.keys) == Set(folder.keys))
        for (path, text) in folder.sorted(by: { $0.key < $1.key }) {
            #expect(EmbeddedFixtures.files[path] == text, "\(path) differs")
        }
    }

    @Test func withoutAFolderTheProviderReplaysTheBuiltInCopy() async throws {
        let provider = FixtureProvider(directory: nil)
        let completion = try await provider.complete(Fixtures.request(topic: "Roman History"))
        // roman-history/batch-003.json: smart-quoted JSON whose content keeps ‘Veni, vidi, vici’.
        #expect(completion.text.contains("‘Veni, vidi, vici’"))
        #expect(completion.text.contains("“question”"))
        let nothing = try await provider.complete(Fixtures.request(topic: "Volcanoes"))
        #expect(nothing == Completion(text: "", truncated: false, usage: .none, model: "fixture"))
    }
}
