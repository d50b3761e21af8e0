import ArgumentParser
import FCCommandLine
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation
import Logging

/// `fcgen import FILE --topic T`: bring a CSV or Anki deck in.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import cards from a CSV file or an Anki plain-text export.",
        discussion: """
            CSV: one card per line, `question; answer; explanation; reversed; kind`, UTF-8 (BOM optional), \
            optional header line. Separated by ; (fcgen's own), , or tab: chosen from the first lines (the one that \
            splits them alike into 2-6 fields; ; when in doubt) and said before anything is stored, or forced with \
            --separator. Quote a field holding the separator or line breaks ("a;b"), double quotes inside quotes \
            (""), as RFC 4180 does. reversed: yes/no/y/n/true/false/1/0 or empty; a reversed row makes two cards. \
            kind: question (default), definition, truefalse, fillblank, math.
            Anki: File › Export › Notes in Plain Text (headers #separator, #html, #columns …); pictures \
            (<img src="…">) are read from files beside the deck.

            All or nothing: any bad row (reported as file:line:column) and nothing is stored (exit 65), unless \
            --skip-bad; an empty file is refused too. Rows follow the same rules as card add (lengths, kinds). \
            Questions the topic already has are skipped and counted. Only regular files are read.

            Example: fcgen import deck.csv --topic "Roman history" --dry-run
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The file to import.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The topic to import into (created if new).", valueName: "name")) var topic: String
    @Option(help: ArgumentHelp("csv or anki (default: by content).", valueName: "format"), transform: enumArgument)
    var format: DeckTextReader.Format?
    @Option(
        help: ArgumentHelp(
            "A CSV file's separator: semicolon, comma or tab (default: chosen from its first lines).",
            valueName: "separator"), transform: enumArgument)
    var separator: CSVSeparator?
    @Flag(help: "Read and check everything, store nothing; show the first rows as read.") var dryRun = false
    @Flag(help: "Store the good rows and list the bad ones, instead of storing nothing.") var skipBad = false

    func validate() throws {
        if file == "-" {
            throw ValidationError(
                "<file>: import reads a deck file, not standard input ('-'); save the deck to a file and name it, "
                    + "e.g. fcgen import deck.csv --topic \"\(topic)\"")
        }
        try validateTopicName(topic, argument: "--topic")
    }

    struct Output: Encodable {
        var topic: String
        var format: String
        var separator: CSVSeparator?
        var summary: ImportSummary
        var skipped: [String]
        var skippedTotal: Int
        var firstRows: [ImportPreviewRow]
    }

    func run() async throws {
        try await global.reportingErrors {
            let settings = try global.loadSettings().settings
            // Said before anything is stored: how the file will be read, when fcgen chose it.
            let reading = try DeckImporter.reading(path: file, format: format, separator: separator)
            if let chosen = reading.separator, separator == nil, !global.json, dryRun || chosen != .semicolon {
                global.logger().notice(
                    "reading \(file) as \(chosen.label) values (chosen from its first lines; --separator forces one)")
            }
            let report: ImportReport
            if PostgresTarget.isURL(settings.databasePath)
                || FileManager.default.fileExists(atPath: settings.databasePath)
            {
                report = try await importFile(into: try global.openOrCreateStore(), settings, reading: reading)
            } else {
                // No database yet: read the whole file into a throwaway in-memory one first, so that a refused
                // import or a dry run creates nothing at all (no database, no directories).
                let trial = try await importFile(
                    into: try await Store.open(path: ":memory:", now: CommandIO.now), settings, reading: reading)
                report =
                    dryRun
                    ? trial : try await importFile(into: try global.openOrCreateStore(), settings, reading: reading)
            }
            if global.json {
                try Console.json(
                    Output(
                        topic: report.topic.name, format: report.format.rawValue, separator: report.separator,
                        summary: report.summary, skipped: report.skipped, skippedTotal: report.skippedTotal,
                        firstRows: report.firstRows))
                return
            }
            for problem in report.skipped { global.logger().notice("skipped: \(problem)") }
            if report.skippedTotal > report.skipped.count {
                global.logger().notice("skipped: … and \(report.skippedTotal - report.skipped.count) more")
            }
            let summary = report.summary
            Console.out(
                (dryRun ? "dry run: would import " : "imported ")
                    + "\(Plural.count(summary.cardsStored, "card")) (\(Plural.count(summary.twinsStored, "reversed twin"))"
                    + (summary.clozeSiblingsStored > 0
                        ? ", and \(Plural.count(summary.clozeSiblingsStored, "cloze sibling")) for further deletion numbers"
                        : "") + ") into"
                    + (summary.topicCreated ? " new topic" : "") + " \"\(report.topic.name)\""
                    + " from \(Plural.count(summary.rows, "row")); \(Plural.count(summary.duplicatesSkipped, "duplicate")) skipped"
                    + (report.skippedTotal > 0 ? ", \(Plural.count(report.skippedTotal, "bad row")) skipped" : ""))
            guard dryRun else { return }
            // A dry run shows the first rows as read, so misplaced columns show before anything is stored.
            for (index, row) in report.firstRows.enumerated() {
                Console.out("  row \(index + 1): \(row.question) → \(row.answer)")
            }
        }
    }

    /// Imports the file, with a progress bar on stderr when a person watches (``ProgressBar``).
    private func importFile(
        into store: Store, _ settings: Settings, reading: (format: DeckTextReader.Format, separator: CSVSeparator?)
    ) async throws -> ImportReport {
        let bar = ProgressBar.onStandardError(label: "importing \(file)", json: global.json)
        defer { bar?.finish() }
        var progress: (@Sendable (ImportProgress) -> Void)?
        if let bar { progress = { bar.update(fraction: $0.fraction ?? 0) } }
        return try await DeckImporter.importFile(
            path: file, format: reading.format, topic: topic, into: store, skipBad: skipBad, dryRun: dryRun,
            separator: reading.separator, imageMaxBytes: settings.imageMaxBytes, progress: progress)
    }
}
