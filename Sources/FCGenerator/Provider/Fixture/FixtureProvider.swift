import FCCore
package import Foundation

/// Replays recorded replies, for offline demos and tests: no network, no key.
///
/// The reply for batch *n* of a topic is `<slug>/batch-<NNN>.json` (NNN = n zero-padded to three digits), and the
/// topic's outline is `<slug>/plan.json` (its plain list of subtopics, asked for when the outline is unusable,
/// `<slug>/aspects.json`), each holding one OpenAI chat-completions response body, read with the
/// OpenAI parser. Replies come from a folder laid out like
/// the repository's `fixtures/`, or, without one, from the copy of `fixtures/` compiled into the binary
/// (`EmbeddedFixtures`, compiled in at build time by the EmbedFiles plugin), so the offline demo works from any directory and from a binary installed on its own.
/// When there is no reply the provider returns an empty text, which the sanitizer turns into flagged fallback cards.
/// A batch made from a source section (`--from`) needs no recording: ``SourceFixtureReply`` writes its cards from the
/// section's own sentences.
/// ``stream(_:updates:)`` replays the same reply in small pieces, as a streaming provider would send it.
///
/// ```swift
/// let provider = FixtureProvider(directory: nil)  // the built-in replies
/// FixtureProvider.slug("Roman History!") // "roman-history"
/// ```
package struct FixtureProvider: LLMProvider {
    /// The folder replies are read from; `nil` means the replies built into the binary.
    package let directory: URL?
    package var name: String { ProviderKind.fixture.rawValue }
    package var model: String { "fixture" }

    package init(directory: URL?) {
        self.directory = directory
    }

    /// The folder name for a topic: lowercase ASCII letters and digits, with every run of anything else (after
    /// folding accents away, so "Café" becomes "cafe") turned into one `-`, and no `-` at either end. A topic with
    /// no letters or digits at all becomes `topic`.
    package static func slug(_ topic: String) -> String {
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

    /// Where batch `number` of `topic` is, relative to the fixtures folder: `roman-history/batch-012.json`.
    package static func replyPath(topic: String, batch number: Int) -> String {
        let digits = String(max(0, number))
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return slug(topic) + "/batch-\(padded).json"
    }

    /// Where the outline of `topic` is, relative to the fixtures folder: `roman-history/plan.json`, one OpenAI
    /// chat-completions body like a batch reply.
    package static func outlinePath(topic: String) -> String {
        slug(topic) + "/plan.json"
    }

    /// - Throws: ``GeneratorError/badResponse(provider:detail:)`` when the reply exists but is not a chat completion.
    package func complete(_ request: GenerationRequest) async throws -> Completion {
        if Task.isCancelled { throw GeneratorError.cancelled }
        if request.reply == .review {
            return try review(request)
        }
        if let excerpt = request.source {
            return SourceFixtureReply.completion(for: excerpt, count: request.count, depth: request.plan.depth)
        }
        let path =
            switch request.reply {
            case .outline: Self.outlinePath(topic: request.topic)
            case .list: Self.slug(request.topic) + "/aspects.json"
            case .cards, .review: Self.replyPath(topic: request.topic, batch: request.plan.number)
            }
        let source: String
        let data: Data
        if let directory {
            let url = directory.appendingPathComponent(path, isDirectory: false)
            source = url.path
            guard FileManager.default.fileExists(atPath: url.path) else { return Self.noReply }
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw GeneratorError.badResponse(provider: name, detail: "cannot read \(url.path)")
            }
        } else {
            source = "built-in fixture " + path
            guard let text = EmbeddedFixtures.files[path] else { return Self.noReply }
            data = Data(text.utf8)
        }
        do {
            return try OpenAIWire.parse(data, requestedModel: model)
        } catch {
            throw GeneratorError.badResponse(provider: name, detail: "\(source): \(error.detail)")
        }
    }

    /// Whether there is a recorded reply for batch 1 of `topic`: without one every batch of a run would be templated
    /// fallback cards, so the offline demo says which topics it knows instead (see ``recordedTopics()``).
    package func hasRecording(topic: String) -> Bool {
        hasReply(topic: topic, batch: 1)
    }

    /// Whether there is a recorded reply for batch `number` of `topic`.
    package func hasReply(topic: String, batch number: Int) -> Bool {
        let path = Self.replyPath(topic: topic, batch: number)
        if let directory {
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path)
        }
        return EmbeddedFixtures.files[path] != nil
    }

    /// The topics with a recorded batch 1, as a person would type them ("roman-history" is "Roman history"),
    /// sorted: what the offline demo can generate cards for.
    package func recordedTopics() -> [String] {
        let paths: [String]
        if let directory {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            paths = folders.map { $0 + "/batch-001.json" }.filter {
                FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
            }
        } else {
            paths = EmbeddedFixtures.files.keys.filter { $0.hasSuffix("/batch-001.json") }
        }
        return paths.compactMap { path -> String? in
            guard let slug = path.split(separator: "/").first else { return nil }
            let words = slug.replacingOccurrences(of: "-", with: " ")
            return words.prefix(1).uppercased() + words.dropFirst()
        }.sorted()
    }

    /// Where the recorded review reply of batch `number` of `topic` is: `roman-history/review-001.json`.
    package static func reviewPath(topic: String, batch number: Int) -> String {
        replyPath(topic: topic, batch: number).replacingOccurrences(of: "/batch-", with: "/review-")
    }

    /// A review request: the recorded reply when there is one, else "keep every card" (`{"reviews": []}`, no
    /// tokens), so `--review` works offline for any topic and any source.
    private func review(_ request: GenerationRequest) throws -> Completion {
        let path = Self.reviewPath(topic: request.topic, batch: request.plan.number)
        let data: Data
        if let directory {
            let url = directory.appendingPathComponent(path, isDirectory: false)
            guard let contents = FileManager.default.contents(atPath: url.path) else { return Self.keepAll }
            data = contents
        } else {
            guard let text = EmbeddedFixtures.files[path] else { return Self.keepAll }
            data = Data(text.utf8)
        }
        do {
            return try OpenAIWire.parse(data, requestedModel: model)
        } catch {
            throw GeneratorError.badResponse(provider: name, detail: "\(path): \(error.detail)")
        }
    }

    private static let keepAll = Completion(text: #"{"reviews": []}"#, truncated: false, usage: .none, model: "fixture")

    package var streams: Bool { true }

    /// Replays the recorded reply as a stream: the text in pieces of ``streamPieceLength`` characters, one after the
    /// other without waiting (a replay has no network to wait for), so streaming consumers can be tried offline.
    package func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        updates(.attemptStarted)
        let completion = try await complete(request)
        var rest = Substring(completion.text)
        while !rest.isEmpty {
            if Task.isCancelled { throw GeneratorError.cancelled }
            updates(.text(String(rest.prefix(Self.streamPieceLength))))
            rest = rest.dropFirst(Self.streamPieceLength)
        }
        return completion
    }

    /// About what a model sends per streamed event (a few tokens).
    package static let streamPieceLength = 16

    private static let noReply = Completion(text: "", truncated: false, usage: .none, model: "fixture")
}
