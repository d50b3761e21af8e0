package import FCCore
import FCDeckFormats
package import FCStore

/// How a batch's image searches went: shown in the run's report as `images: 9 found, 2 none, 1 failed`.
public struct ImageTally: Sendable, Codable, Equatable {
    /// Cards that got a picture.
    public var found = 0
    /// Searches that found nothing.
    public var none = 0
    /// Searches or downloads that failed, or downloads that were no acceptable image; those cards have no picture.
    public var failed = 0

    public init(found: Int = 0, none: Int = 0, failed: Int = 0) {
        self.found = found
        self.none = none
        self.failed = failed
    }

    public static func + (left: ImageTally, right: ImageTally) -> ImageTally {
        ImageTally(found: left.found + right.found, none: left.none + right.none, failed: left.failed + right.failed)
    }
}

/// Finds pictures for the cards of a batch that carry an image search query, outside any transaction: a
/// failing, slow or garbled resolver costs the card its picture, never the batch.
///
/// Each download is checked like an uploaded picture (JPEG, PNG or GIF by content, at most `maxBytes`) and keyed
/// by its SHA-256, so a picture two cards share is stored once.
package struct CardPictureFinder: Sendable {
    package let resolver: any ImageResolver
    package let maxBytes: Int
    /// Searches in flight at once.
    package let concurrency: Int

    package init(resolver: any ImageResolver, maxBytes: Int, concurrency: Int = 4) {
        self.resolver = resolver
        self.maxBytes = maxBytes
        self.concurrency = max(1, concurrency)
    }

    /// One card's failed search, for the run's log.
    package struct Failure: Sendable, Equatable {
        package var index: Int
        package var query: String
        package var reason: String
    }

    /// The pictures found for `cards`, by index; the tally; and why the failed ones failed.
    package func pictures(for cards: [CardDraft]) async -> (
        pictures: [Int: CardPicture], tally: ImageTally, failures: [Failure]
    ) {
        let wanted = cards.indices.compactMap { index in cards[index].imageQuery.map { (index, $0) } }
        var pictures: [Int: CardPicture] = [:]
        var tally = ImageTally()
        var failures: [Failure] = []
        await withTaskGroup(of: (Int, String, Result<CardPicture?, any Error>).self) { group in
            var next = 0
            func launch(_ group: inout TaskGroup<(Int, String, Result<CardPicture?, any Error>)>) {
                guard next < wanted.count else { return }
                let (index, query) = wanted[next]
                next += 1
                group.addTask {
                    do {
                        return (index, query, .success(try await picture(for: query)))
                    } catch {
                        return (index, query, .failure(error))
                    }
                }
            }
            for _ in 0..<min(concurrency, wanted.count) { launch(&group) }
            for await (index, query, result) in group {
                switch result {
                case .success(let picture?):
                    pictures[index] = picture
                    tally.found += 1
                case .success(nil):
                    tally.none += 1
                case .failure(let error):
                    tally.failed += 1
                    failures.append(Failure(index: index, query: query, reason: "\(error)"))
                }
                launch(&group)
            }
        }
        return (pictures, tally, failures.sorted { $0.index < $1.index })
    }

    private func picture(for query: String) async throws -> CardPicture? {
        guard let found = try await resolver.resolve(query) else { return nil }
        let checked: CheckedImage
        do throws(DeckFormatError) {
            checked = try CheckedImage(bytes: found.bytes, name: "the \(resolver.name) image", maxBytes: maxBytes)
        } catch {
            switch error {
            case .imageTooLarge(_, let bytes, let limit):
                throw ImageResolverError.tooLarge(bytes: bytes, limit: limit)
            case .imageTruncated, .imageMalformed, .imageDimensionsTooLarge:
                throw ImageResolverError.unusable(error.description)
            default:
                throw ImageResolverError.notAnImage(found.mimeType.map { "served as \($0)" } ?? "no JPEG, PNG or GIF")
            }
        }
        let image = NewImage(
            hash: ImageLoader.contentHash(of: checked.bytes), mimeType: checked.format.mimeType, bytes: checked.bytes)
        return CardPicture(image: image, credit: found.credit)
    }
}
