import FCCore
import FCSanitizer
import Foundation

/// Sanitizer throughput in MB/s of reply text: clean 15-card replies, then a corpus of messy ones; for each, the
/// whole sanitizer (`throughput`), reading alone (`parse.throughput`: the quality rules off) and the quality rules
/// alone over the cards read (`rules.throughput`, in MB/s of the replies they came from, and `rules.per_card`).
///
/// Both corpora are generated from a seed (2,000 distinct replies each) and checked before timing: every clean reply
/// must come out `strict` with all 15 cards, and every messy style must keep cards and report the repair it exists
/// to exercise. Timing runs whole passes over a corpus (after one warm-up pass) until at least a second has passed.
enum SanitizerBenchmark {
    static let name = "sanitizer"
    static let replies = 2_000
    static let minimumSeconds = 1.0

    static let benchmark = Benchmark(
        name: name,
        summary: "Sanitizer().sanitize on \(replies) clean and \(replies) messy replies (+ fixtures), MB/s"
    ) {
        let clean = ReplyCorpus.clean(count: replies)
        try check(clean)
        let cleanSpeed = throughput(clean)
        report(.init(benchmark: name, metric: "clean.throughput", value: cleanSpeed, unit: "MB/s", goal: .atLeast(100)))
        reportParts(clean, prefix: "clean")

        let messy = try ReplyCorpus.messy(count: replies)
        try check(messy)
        let messySpeed = throughput(messy)
        report(.init(benchmark: name, metric: "messy.throughput", value: messySpeed, unit: "MB/s", goal: .atLeast(30)))
        reportParts(messy, prefix: "messy")

        // Per style, for finding the slow repair when the mixed figure drops; informational.
        let styles = Dictionary(grouping: messy, by: \.style)
        for style in styles.keys.sorted() {
            let speed = throughput(styles[style] ?? [], minimumSeconds: 0.2)
            report(.init(benchmark: name, metric: "messy.\(style).throughput", value: speed, unit: "MB/s"))
        }
    }

    /// Reading alone and the quality rules alone over `corpus`, as `<prefix>.parse.…` and `<prefix>.rules.…`.
    static func reportParts(_ corpus: [CorpusReply], prefix: String) {
        var reading = SanitizerOptions()
        reading.quality = .off
        let parseSpeed = throughput(corpus, with: Sanitizer(options: reading))
        report(.init(benchmark: name, metric: "\(prefix).parse.throughput", value: parseSpeed, unit: "MB/s"))

        // The cards each reply hands the rules: read, validated and deduplicated, not yet checked.
        let reader = Sanitizer(options: reading)
        let batches = corpus.map { reader.sanitize($0.text, truncated: $0.truncated).cards }
        let cards = batches.reduce(0) { $0 + $1.count }
        let sanitizer = Sanitizer()
        let bytes = corpus.reduce(0) { $0 + $1.text.utf8.count }
        let (seconds, passes) = timed {
            batches.reduce(0) { $0 &+ sanitizer.checkQuality($1).count }
        }
        progress("\(name): rules on \(cards) cards × \(passes) passes in \(String(format: "%.3f", seconds)) s")
        report(
            .init(
                benchmark: name, metric: "\(prefix).rules.throughput",
                value: Double(bytes * passes) / 1_000_000 / seconds, unit: "MB/s"))
        report(
            .init(
                benchmark: name, metric: "\(prefix).rules.per_card",
                value: seconds / Double(cards * passes) * 1_000_000, unit: "µs"))
    }

    /// MB/s (10⁶ bytes of UTF-8 reply text per second) over whole passes of `corpus`.
    static func throughput(
        _ corpus: [CorpusReply], with sanitizer: Sanitizer = Sanitizer(), minimumSeconds: Double = minimumSeconds
    ) -> Double {
        let bytes = corpus.reduce(0) { $0 + $1.text.utf8.count }
        var kept = 0
        let (seconds, passes) = timed(minimumSeconds: minimumSeconds) {
            let cards = sanitize(corpus, with: sanitizer)
            kept &+= cards
            return cards
        }
        let megabytes = Double(bytes * passes) / 1_000_000
        progress(
            "\(name): \(corpus.count) replies, \(String(format: "%.2f", Double(bytes) / 1_000_000)) MB × \(passes) passes "
                + "in \(String(format: "%.3f", seconds)) s (\(kept) cards)")
        return megabytes / seconds
    }

    /// Runs `pass` once to warm up (caches, allocator, lazily built tables), then whole passes until
    /// `minimumSeconds` have gone by; returns the seconds of the timed passes and how many there were. `pass`
    /// returns a count of what it made, so that its work cannot be optimised away.
    static func timed(minimumSeconds: Double = minimumSeconds, _ pass: () -> Int) -> (seconds: Double, passes: Int) {
        var made = pass()
        let clock = ContinuousClock()
        let start = clock.now
        var passes = 0
        repeat {
            made &+= pass()
            passes += 1
        } while (clock.now - start).seconds < minimumSeconds
        let seconds = (clock.now - start).seconds
        if made == Int.min { progress("") }  // never: keeps `made` alive
        return (seconds, passes)
    }

    /// Sanitizes every reply; returns the cards kept, so the work cannot be optimised away.
    private static func sanitize(_ corpus: [CorpusReply], with sanitizer: Sanitizer) -> Int {
        var kept = 0
        for reply in corpus {
            kept &+= sanitizer.sanitize(reply.text, truncated: reply.truncated).cards.count
        }
        return kept
    }

    /// Fails the benchmark when a corpus does not exercise what it claims to.
    static func check(_ corpus: [CorpusReply]) throws {
        let sanitizer = Sanitizer()
        for (index, reply) in corpus.enumerated() {
            let result = sanitizer.sanitize(reply.text, truncated: reply.truncated)
            guard result.outcome != .fallback, !result.cards.isEmpty else {
                throw BenchmarkFailure("reply \(index) (\(reply.style)) fell back: \(reply.text.prefix(200))")
            }
            guard let style = ReplyStyle(rawValue: reply.style) else { continue }  // fixtures: any outcome but fallback
            if style == .strict && (result.outcome != .strict || result.cards.count != 15) {
                throw BenchmarkFailure(
                    "clean reply \(index) came out \(result.outcome) with \(result.cards.count) cards")
            }
            if let repair = style.expectedRepair, !result.repairs.contains(repair) {
                throw BenchmarkFailure(
                    "reply \(index) (\(reply.style)) did not need \(repair.rawValue): \(result.repairs.map(\.rawValue))"
                )
            }
            if style != .truncated && result.cards.count != 15 {
                throw BenchmarkFailure("reply \(index) (\(reply.style)) kept \(result.cards.count) of 15 cards")
            }
        }
    }
}
