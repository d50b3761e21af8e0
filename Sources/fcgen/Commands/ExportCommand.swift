import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation
import Logging

/// `fcgen export --topic T --format anki|csv|json`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a topic's cards for Anki, as CSV, or as JSON.",
        discussion: """
            anki: tab-separated with Anki's headers; File › Import in Anki reads it as Basic notes ("Basic (and \
            reversed card)" for reversed pairs), the explanation in its own column, LaTeX as MathJax. Pictures are \
            written beside --out as <sha256>.<ext>; copy them into Anki's collection.media folder.
            csv: the format `fcgen import` reads (a round trip gives the same file). No pictures: a picture-only \
            card is left out; cells a spreadsheet would run as formulas get a leading ' (import removes it).
            json: every field; --with-progress adds learning state.
            Whatever the file cannot carry is listed on stderr (and with --json, in the report).

            Example: fcgen export --topic "Roman history" --format anki --out roman.txt
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The topic to export.", valueName: "name")) var topic: String
    @Option(help: ArgumentHelp("anki, csv or json.", valueName: "format"), transform: enumArgument) var format:
        ExportFormat
    @Option(help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file")) var out: String?
    @Flag(help: "JSON only: include each card's learning state.") var withProgress = false

    /// `--json`: a report of what was written (the export itself goes to `--out`).
    struct Output: Encodable {
        var topic: String
        var format: String
        var out: String
        var notes: Int
        /// Picture files written beside `out` (Anki).
        var mediaFiles: [String]
        /// What the file does not carry as stored, by reason.
        var losses: [ExportLoss]
    }

    func validate() throws {
        if withProgress && format != .json { throw ValidationError("--with-progress needs --format json") }
        if global.json && out == nil {
            throw ValidationError("--json prints a report of the export: give --out FILE for the export itself")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let found = try await global.requireTopic(topic, in: store)
            let handle = try out.map { try OutputFile.create($0, flag: "--out") }
            defer { try? handle?.close() }
            // A bar on stderr when a person watches, unless the export itself is printed on the same terminal.
            let bar =
                out == nil && ProgressBar.standardOutputIsTerminal
                ? nil : ProgressBar.onStandardError(label: "exporting \(found.name)", json: global.json)
            defer { bar?.finish() }
            let report = try await DeckExporter.export(
                topic: found, format: format, from: store, withProgress: withProgress, writesMedia: out != nil,
                progress: bar.map { bar in { bar.update(fraction: $0.fraction) } }
            ) { text in
                if let handle {
                    try handle.write(contentsOf: Data(text.utf8))
                } else {
                    CommandIO.writeOutput(Array(text.utf8))
                }
            }
            bar?.finish()
            if !report.images.isEmpty, let out {
                let directory = URL(fileURLWithPath: out).deletingLastPathComponent()
                try await DeckExporter.writeMedia(report.images, to: directory, from: store)
                global.logger().notice("wrote \(Plural.count(report.images.count, "media file")) to \(directory.path)")
            }
            // Whatever the file does not carry is said, reason by reason, whether or not --json is on.
            for loss in report.losses {
                global.logger().warning("\(format.rawValue) export: \(loss.summary)")
            }
            if global.json, let out {
                try Console.json(
                    Output(
                        topic: found.name, format: format.rawValue, out: out, notes: report.notes,
                        mediaFiles: report.images.map(\.fileName), losses: report.losses))
            } else if out != nil {
                global.logger().notice("exported \(Plural.count(report.notes, "note")) from \"\(found.name)\"")
            }
        }
    }
}
