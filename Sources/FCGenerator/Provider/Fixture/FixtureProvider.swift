import FCCore
public import Foundation

/// Replays recorded replies from disk, for offline demos and tests: no network, no key.
///
/// The reply for batch *n* of a topic is `<directory>/<slug>/batch-<NNN>.json` (NNN = n zero-padded to three
/// digits), holding one OpenAI chat-completions response body, read with the OpenAI parser. When there is no such
/// file the provider returns an empty text, which the sanitizer turns into flagged fallback cards.
///
/// ```swift
/// let provider = FixtureProvider(directory: URL(fileURLWithPath: "fixtures"))
/// FixtureProvider.slug("Roman History!") // "roman-history"
/// ```
public struct FixtureProvider: LLMProvider {
    public let directory: URL
    public var name: String { ProviderKind.fixture.rawValue }
    public var model: String { "fixture" }

    public init(directory: URL) {
        self.directory = directory
    }

    /// The folder name for a topic: lowercase ASCII letters and digits, with every run of anything else (after
    /// folding accents away, so "Café" becomes "cafe") turned into one `-`, and no `-` at either end. A topic with
    /// no letters or digits at all becomes `topic`.
    public static func slug(_ topic: String) -> String {
        let folded = topic.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "topic" : slug.lowercased()
    }

    /// The file that holds batch `number` of `topic`.
    public func fileURL(topic: String, batch number: Int) -> URL {
        let digits = String(max(0, number))
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return directory.appendingPathComponent(Self.slug(topic), isDirectory: true)
            .appendingPathComponent("batch-\(padded).json", isDirectory: false)
    }

    /// - Throws: ``GeneratorError/badResponse(provider:detail:)`` when the file exists but is not a chat completion.
    public func complete(_ request: GenerationRequest) async throws -> Completion {
        if Task.isCancelled { throw GeneratorError.cancelled }
        let url = fileURL(topic: request.topic, batch: request.plan.number)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Completion(text: "", truncated: false, usage: .none, model: model)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GeneratorError.badResponse(provider: name, detail: "cannot read \(url.path)")
        }
        do {
            return try OpenAIWire.parse(data, requestedModel: model)
        } catch {
            throw GeneratorError.badResponse(provider: name, detail: "\(url.path): \(error.detail)")
        }
    }
}
