import Foundation
import Testing

@testable import FCGenerator

struct PromptTemplateFileTests {
    /// The repository's `prompts/` folder, found from this file.
    static let promptsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("prompts", isDirectory: true)

    @Test func filesAndBuiltInTemplatesAreIdentical() throws {
        let loaded = try PromptTemplates.load(from: Self.promptsFolder)
        #expect(loaded.systemSource == PromptTemplates.builtIn.systemSource)
        #expect(loaded.batchSource == PromptTemplates.builtIn.batchSource)
        #expect(loaded.reviewSource == PromptTemplates.builtIn.reviewSource)
        #expect(loaded == PromptTemplates.builtIn)
    }

    @Test func readmeListsEveryPlaceholder() throws {
        let readme = try String(contentsOf: Self.promptsFolder.appendingPathComponent("README.md"), encoding: .utf8)
        for name in PromptTemplates.placeholders + PromptTemplates.reviewPlaceholders {
            #expect(readme.contains("{{\(name)}}"), "prompts/README.md does not mention {{\(name)}}")
        }
    }

    @Test func missingFolderIsAClearError() {
        let folder = URL(fileURLWithPath: "/nonexistent/fcgen-prompts-\(UInt64.random(in: 0...UInt64.max))")
        #expect(throws: GeneratorError.promptsMissing(path: folder.path)) {
            try PromptTemplates.load(from: folder)
        }
        let description = GeneratorError.promptsMissing(path: folder.path).description
        #expect(description.contains(folder.path))
        #expect(description.contains("system.txt"))
    }

    @Test func missingFileNamesThatFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-prompts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "System {{topic}}\n".write(
            to: folder.appendingPathComponent("system.txt"), atomically: true, encoding: .utf8)
        let missing = folder.appendingPathComponent("batch.txt").path
        #expect(throws: GeneratorError.promptsMissing(path: missing)) { try PromptTemplates.load(from: folder) }
    }

    @Test func loadedTemplatesWithAnUnknownPlaceholderFailToLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-prompts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "System\r\n".write(to: folder.appendingPathComponent("system.txt"), atomically: true, encoding: .utf8)
        try "{{count}} cards on {{subject}}".write(
            to: folder.appendingPathComponent("batch.txt"),
            atomically: true,
            encoding: .utf8
        )
        #expect(throws: GeneratorError.unknownPlaceholder(file: "batch.txt", placeholder: "subject")) {
            try PromptTemplates.load(from: folder)
        }
    }
}
