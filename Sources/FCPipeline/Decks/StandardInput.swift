import Foundation

/// Where the library reads standard input (`-` for a source, a card side, a reply to sanitize): the process's own
/// descriptor, or what a caller hands its task. The `fcgen` commands run in the test process get theirs from
/// `CommandIO`, as a child would from its pipe.
package struct StandardInput: Sendable {
    /// At most `limit` bytes of what is left; empty at the end.
    package var read: @Sendable (_ limit: Int) throws -> [UInt8]

    package init(read: @escaping @Sendable (_ limit: Int) throws -> [UInt8]) { self.read = read }

    /// The process's descriptor 0.
    package static let process = reading(STDIN_FILENO)

    /// What is read from `descriptor` (a terminal a caller gives a command as its stdin).
    package static func reading(_ descriptor: Int32) -> StandardInput {
        StandardInput { limit in try RegularFile.read(descriptor, upTo: limit, path: "standard input") }
    }

    /// The standard input of this task: the process's unless a caller gave it another.
    @TaskLocal package static var current: StandardInput = .process
}
