import ArgumentParser
import Synchronization

extension CommandSpec {
    /// The command trees read so far, one per root command type.
    ///
    /// A process that parses one command line reads its tree at most once anyway; one that parses many (the test
    /// process runs hundreds of `fcgen` command lines in process) read it for every refused line, and a debug build
    /// spends tens of milliseconds of CPU on each reading: `_dumpHelp()` builds every command's arguments, and
    /// ArgumentParser's debug builds validate each command's declarations as they do. Measured over the whole test
    /// suite, those readings were 8 % of the test process's CPU (5.5 s of 66 s).
    final class Trees: Sendable {
        static let shared = Trees()

        private let trees = Mutex<[ObjectIdentifier: CommandSpec?]>([:])

        /// The tree of `root`, read on first use. Two threads that ask at once may both read it; they read the same.
        func tree(of root: any ParsableCommand.Type) -> CommandSpec? {
            let key = ObjectIdentifier(root)
            if let known = trees.withLock({ $0[key] }) { return known }
            let tree = CommandSpec.readTree(of: root)
            trees.withLock { $0[key] = tree }
            return tree
        }
    }
}
