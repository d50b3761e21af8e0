import ArgumentParser
import FCCore
import FCPipeline

/// The options `learn` and `session start` share: how many cards, free practice, and the shuffle's seed.
struct SessionSizeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Cards in the session.", valueName: "10|25|50"))
    var cards = 10

    @Flag(help: "Free practice: any cards of the topics, shuffled; no learning state changes.")
    var free = false

    @Option(help: ArgumentHelp("Seed for the shuffle (default: random).", valueName: "n"))
    var seed: UInt64?

    func validate() throws {
        guard StudyQueue.sizes.contains(cards) else { throw ValidationError("--cards must be 10, 25 or 50") }
    }

    /// The shuffle's generator: seeded by `--seed`, else randomly (the executable may use the system's randomness).
    func makeGenerator() -> SplitMix64 {
        SplitMix64(seed: seed ?? UInt64.random(in: 0...UInt64.max))
    }
}
