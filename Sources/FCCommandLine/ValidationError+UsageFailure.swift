import ArgumentParser
import FCContract

/// A failed `validate()` is a usage error (exit 64), like every other refused command line.
extension ValidationError: UsageFailure {}
