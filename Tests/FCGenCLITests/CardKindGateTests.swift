import Foundation
import Testing

/// Cloze and multiple-choice cards are read by `fcgen sanitize` only: nothing writes them to the store yet.
struct CardKindGateTests {
    @Test func cardAddRefusesTheKindsTheStoreDoesNotHoldYet() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        for kind in ["cloze", "mcq"] {
            let result = try await cli.run([
                "card", "add", "--topic", "Rome", "--question", "{{c1::Romulus}} founded Rome", "--answer", "Romulus",
                "--kind", kind, "--db", cli.databasePath,
            ])
            #expect(result.status == 64, "stderr: \(result.stderr)")
            #expect(
                result.stderr.contains("expected one of question, math, image, definition, truefalse, fillblank")
                    || result.stderr.contains("expected one of question, definition, truefalse, fillblank, math, image")
            )
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}
