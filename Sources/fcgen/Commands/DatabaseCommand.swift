import ArgumentParser
import FCCommandLine
import FCCore
import FCStore
import Foundation

/// `fcgen db …`: operations on a whole store.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Operations on a whole store: copy it to another engine or host.",
        subcommands: [DatabaseCopyCommand.self]
    )
}

/// `fcgen db copy --from SRC --to DST`: moves a store between engines (SQLite file ↔ PostgreSQL URL).
struct DatabaseCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a whole store into an empty one, on either engine, in one transaction.",
        discussion: """
            All or nothing: the target is written in one transaction, verified table by table (row counts and
            checksums read back) before it commits. The target must be empty (a new file, or a PostgreSQL
            database with no fcgen rows); its schema is created when it opens. Stop writers while copying.

            Examples:
              fcgen db copy --from ~/.local/share/fcgen/fcgen.sqlite --to postgres://fcgen@db.internal/fcgen
              fcgen db copy --from postgres://fcgen@db.internal/fcgen --to /backup/fcgen.sqlite --json
            """
    )

    @Option(help: ArgumentHelp("The store to copy: a SQLite file or a postgres:// URL.", valueName: "path-or-url"))
    var from: String

    @Option(
        help: ArgumentHelp("The empty store to fill: a SQLite file or a postgres:// URL.", valueName: "path-or-url"))
    var to: String

    @Flag(help: "Print the result as one JSON document on stdout.")
    var json = false

    struct Output: Encodable {
        var from: String
        var to: String
        var rows: Int
        var tables: [CopyReport.Table]
    }

    func run() async throws {
        try await ErrorReporter.run(logFormat: .text, json: json) {
            let source = try await Store.open(existingAt: Self.location(from), now: CommandIO.now)
            let target = try await Store.open(path: Self.location(to), now: CommandIO.now)
            let report = try await Self.copy(source, to: target, json: json)
            if json {
                try Console.json(Output(from: source.path, to: target.path, rows: report.rows, tables: report.tables))
                return
            }
            for table in report.tables where table.rows > 0 {
                Console.out("\(table.name): \(Plural.count(table.rows, "row")), checksum \(table.checksum)")
            }
            Console.out("copied \(Plural.count(report.rows, "row")) from \(source.path) to \(target.path)")
        }
    }

    /// Copies, with a progress bar of the rows on stderr when a person watches (``ProgressBar``).
    private static func copy(_ source: Store, to target: Store, json: Bool) async throws -> CopyReport {
        let bar = ProgressBar.onStandardError(label: "copying rows", json: json)
        defer { bar?.finish() }
        var progress: (@Sendable (CopyProgress) -> Void)?
        if let bar { progress = { bar.update(fraction: $0.fraction) } }
        return try await source.copy(to: target, progress: progress)
    }

    /// A URL as given; a path made absolute from the working directory.
    private static func location(_ value: String) -> String {
        PostgresTarget.isURL(value)
            ? value
            : URL(fileURLWithPath: value, relativeTo: URL(fileURLWithPath: CommandIO.workingDirectory))
                .standardizedFileURL.path
    }
}
