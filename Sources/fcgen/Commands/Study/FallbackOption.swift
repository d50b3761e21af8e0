import ArgumentParser

/// `--include-fallback`: study templated fallback cards too.
///
/// When a model's reply holds nothing usable, generation stores templated cards (origin `fallback`) so the run
/// can be inspected (`fcgen cards`), but they are placeholders, not study material: no queue holds them unless
/// the learner asks with this flag.
struct FallbackOption: ParsableArguments {
    @Flag(help: "Also study templated fallback cards (origin fallback; stored for inspection, left out by default).")
    var includeFallback = false
}
