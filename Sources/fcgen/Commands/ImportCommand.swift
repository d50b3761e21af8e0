import ArgumentParser
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
            CSV: one card per line, `question; answer; explanation; reversed`, semicolon-separated, UTF-8 \
            (BOM optional), optional header line. Quote a field holding ; or line breaks ("a;b"), double quotes \
            inside quotes (""). reversed: yes/no/y/n/true/false/1/0 or empty; a reversed row makes two cards.
            Anki: File › Export › Notes in Plain Text (headers #separator, #html, #columns …).

            All or nothing: any bad row (reported as file:line:column) and nothing is stored (exit 65), unless \
            --skip-bad. Questions the topic already has are skipped and counted.

            Example: fcgen import deck.csv --topic "Roman history" --dry-run
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The file to import.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The topic to import into (created if new).", valueName: "name")) var topic: String
    @Option(help: ArgumentHelp("csv or anki (default: by content).", valueName: "format"), transform: enumArgument)
    var format: DeckTextReader.Format?
    @Flag(help: "Read and check everything, store nothing.") var dryRun = false
    @Flag(help: "Store the good rows and list the bad ones, instead of storing nothing.") var skipBad = false

    struct Output: Encodable {
        var schemaVersion = 1
        var topic: String
        var format: String
        var summary: ImportSummary
        var skipped: [String]
        var skippedTotal: Int
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try global.openOrCreateStore()
            let found = try await store.ensureTopic(named: topic)
            let report = try await DeckImporter.importFile(
                path: file, format: format, topicID: found.id, into: store, skipBad: skipBad, dryRun: dryRun)
            if global.json {
                try Console.json(
                    Output(
                        topic: found.name, format: report.format.rawValue, summary: report.summary,
                        skipped: report.skipped, skippedTotal: report.skippedTotal))
                return
            }
            for problem in report.skipped { global.logger().notice("skipped: \(problem)") }
            if report.skippedTotal > report.skipped.count {
                global.logger().notice("skipped: … and \(report.skippedTotal - report.skipped.count) more")
            }
            let summary = report.summary
            Console.out(
                (dryRun ? "dry run: would import " : "imported ")
                    + "\(summary.cardsStored) card(s) (\(summary.twinsStored) reversed twin(s)) into \"\(found.name)\""
                    + " from \(summary.rows) row(s); \(summary.duplicatesSkipped) duplicate(s) skipped"
                    + (report.skippedTotal > 0 ? ", \(report.skippedTotal) bad row(s) skipped" : ""))
        }
    }
}
