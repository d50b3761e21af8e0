import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The Unsplash-compatible resolver against the loopback stub's fake API: what it sends (the key only to the
/// API's host), what it makes of the replies, and how a bad reply fails one card's picture and nothing else.
struct UnsplashResolverTests {
    static let key = "unsplash-test-key-7f3a9c"

    static func resolver(
        _ server: LoopbackServer, _ mode: String, timeout: Int = TestPatience.seconds
    ) -> UnsplashImageResolver {
        UnsplashImageResolver(
            baseURL: server.unsplashURL(mode), accessKey: key, transport: TestHTTPClient.transport(),
            maxBytes: CheckedImage.defaultMaxBytes, timeoutSeconds: timeout)
    }

    @Test func aSearchSendsTheKeyAndQueryThenDownloadsAndReportsTheDownload() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let found = try #require(try await Self.resolver(server, "ok").resolve("red fox & snow+ice"))

        #expect(Array(found.bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(found.mimeType == "image/png")
        // The author's name arrives with an ESC sequence: the control character goes.
        #expect(
            found.credit
                == ImageCredit(
                    provider: "unsplash", authorName: "Ada Photographer[2J",
                    authorURL: "https://unsplash.example/@ada",
                    photoURL: "https://unsplash.example/photos/red%20fox%20%26%20snow%2Bice"))
        let sent = try await server.unsplashRequests()
        try #require(sent.count == 3)
        let search = try #require(URLComponents(string: sent[0].path))
        #expect(search.path == "/unsplash/ok/search/photos")
        #expect(search.queryItems?.first { $0.name == "query" }?.value == "red fox & snow+ice")
        #expect(search.queryItems?.first { $0.name == "per_page" }?.value == "1")
        #expect(sent[0].authorization == "Client-ID \(Self.key)")
        #expect(sent[1].path.hasPrefix("/unsplash/ok/photo/") && sent[1].authorization == nil)
        #expect(sent[2].path.hasPrefix("/unsplash/ok/download/") && sent[2].authorization == "Client-ID \(Self.key)")
    }

    @Test func noResultIsNoPictureAndNoDownload() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        #expect(try await Self.resolver(server, "empty").resolve("nothing at all") == nil)
        #expect(try await server.unsplashRequests().count == 1)
    }

    @Test func anErrorStatusAndAGarbledReplyThrowWithoutTheKey() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        await #expect(throws: ImageResolverError.status(step: "the search", code: 500)) {
            _ = try await Self.resolver(server, "error").resolve("wolf")
        }
        do {
            _ = try await Self.resolver(server, "garbage").resolve("wolf")
            Issue.record("a garbled reply was read")
        } catch let error as ImageResolverError {
            guard case .unreadableReply = error else { throw error }
            #expect(!"\(error)".contains(Self.key))
        }
    }

    @Test func aBatchWithBadPicturesKeepsEveryCardAndCountsEachOutcome() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let drafts = [
            CardDraft(question: "Q1?", answer: "A", origin: .generated, imageQuery: "Hannibal elephants"),
            CardDraft(question: "Q2?", answer: "A", origin: .generated, imageQuery: "Augustus statue"),
            CardDraft(question: "Q3?", answer: "A", origin: .generated),
            CardDraft(question: "Q4?", answer: "A", origin: .generated, imageQuery: "red fox"),
            CardDraft(question: "Q5?", answer: "A", origin: .generated, imageQuery: "grey wolf"),
        ]
        let finder = CardPictureFinder(
            resolver: Self.resolver(server, "mixed"), maxBytes: CheckedImage.defaultMaxBytes, concurrency: 2)

        let result = await finder.pictures(for: drafts)

        #expect(result.tally == ImageTally(found: 2, none: 1, failed: 1))
        #expect(result.pictures.keys.sorted() == [3, 4])
        let fox = try #require(result.pictures[3])
        #expect(fox.image.mimeType == "image/png" && fox.image.hash.count == 64)
        #expect(fox.image.hash == ImageLoader.contentHash(of: fox.image.bytes))
        #expect(fox.image.hash != result.pictures[4]?.image.hash)
        #expect(fox.credit?.provider == "unsplash")
        #expect(result.failures.map(\.index) == [0])
        #expect(result.failures.first?.reason == "the search answered HTTP 500")
    }

    @Test(arguments: [
        ("html", "not an image: served as text/html"),
        ("huge", "the image has 2097160 bytes, over the 1048576-byte limit"),
        ("cut", "the unsplash image is a truncated PNG image: the file ends before the picture does"),
        ("garbage", "unreadable search reply: not a JSON object (14 bytes)"),
    ])
    func aDownloadThatIsNoAcceptableImageFailsThatPictureOnly(mode: String, reason: String) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let finder = CardPictureFinder(
            resolver: Self.resolver(server, mode), maxBytes: CheckedImage.defaultMaxBytes)

        let result = await finder.pictures(
            for: [CardDraft(question: "Q?", answer: "A", origin: .generated, imageQuery: "wolf")])

        #expect(result.tally == ImageTally(failed: 1))
        #expect(result.pictures.isEmpty)
        #expect(result.failures.map(\.reason) == [reason])
        #expect(!result.failures.contains { $0.reason.contains(Self.key) })
    }

    @Test func aSlowSearchTimesOutAndFailsThatPictureOnly() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let finder = CardPictureFinder(
            resolver: Self.resolver(server, "slow", timeout: 1), maxBytes: CheckedImage.defaultMaxBytes)

        let result = await finder.pictures(
            for: [CardDraft(question: "Q?", answer: "A", origin: .generated, imageQuery: "wolf")])

        #expect(result.tally == ImageTally(failed: 1))
        #expect(result.failures.first?.reason.contains("no response within 1 s") == true)
    }
}
