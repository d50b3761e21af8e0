import Foundation
import PackagePlugin

/// Compiles folders of the repository into the targets that serve them, at build time: the offline demo's recorded
/// replies and the prompt templates into FCGenerator, the web app and the OpenAPI document into FCService.
///
/// Each becomes an enum with one `files: [String: String]` table (text by path inside the folder), written by the
/// `fcgen-embed` tool into the build directory, so every binary is self-contained (no resource bundle has to travel
/// with it; `Bundle.module` traps when the bundle is not beside the binary) and no generated source is committed.
/// The folders stay where people edit them. SwiftPM's `.embedInCode` resources would do the same for files inside a
/// target's own folder, but flatten names (two `batch-001.json` of two topics collide) and give no table of paths.
@main
struct EmbedFiles: BuildToolPlugin {
    /// What each target embeds: the enum's name, and a folder (or one file) relative to the package's root.
    static let embeddings: [String: [(name: String, source: String)]] = [
        "FCGenerator": [("EmbeddedFixtures", "fixtures"), ("EmbeddedPrompts", "prompts")],
        "FCService": [("EmbeddedWebApp", "webapp"), ("EmbeddedOpenAPI", "docs/openapi.json")],
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let embeddings = Self.embeddings[target.name] else { return [] }
        let tool = try context.tool(named: "fcgen-embed")
        return try embeddings.map { name, source in
            let input = context.package.directoryURL.appending(path: source)
            let (base, keys) = try Self.files(of: input)
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).swift")
            return .buildCommand(
                displayName: "Embedding \(source) as \(name)",
                executable: tool.url,
                arguments: [name, base.path, output.path] + keys,
                inputFiles: keys.map { base.appending(path: $0) },
                outputFiles: [output])
        }
    }

    /// What one source embeds: the folder the keys are relative to, and each regular file's path inside it (README.md
    /// and hidden files left out); a single file is its own folder's one key. The one place that decides, so the
    /// files the build watches are the files the tool embeds.
    static func files(of url: URL) throws -> (base: URL, keys: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw EmbedError(message: "\(url.path) does not exist")
        }
        guard isDirectory.boolValue else { return (url.deletingLastPathComponent(), [url.lastPathComponent]) }
        let base = url.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        let keys = (enumerator?.allObjects as? [URL] ?? []).compactMap { file -> String? in
            let path = file.standardizedFileURL.path
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                path.hasPrefix(base), file.lastPathComponent != "README.md"
            else { return nil }
            return String(path.dropFirst(base.count))
        }
        guard !keys.isEmpty else { throw EmbedError(message: "\(url.path) holds no file to embed") }
        return (url, keys.sorted())
    }
}

/// Why the plugin could not plan the build.
struct EmbedError: Error, CustomStringConvertible {
    let message: String
    var description: String { "EmbedFiles: \(message)" }
}
