import ArgumentParser
import FCCommandLine
import FCPipeline
import Foundation
import Logging

/// Options every subcommand shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "SQLite database file, or postgres://user@host/db for PostgreSQL.",
            discussion: "Default: $FCGEN_DB, else $XDG_DATA_HOME/fcgen/fcgen.sqlite.", valueName: "path|url"))
    var db: String?

    @Option(
        help: ArgumentHelp(
            "Config file (JSON).", discussion: "Default: $XDG_CONFIG_HOME/fcgen/config.json when it exists.",
            valueName: "path"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "The learner (created on first use).", discussion: "Default: \"local\".", valueName: "name"))
    var user: String?

    @Flag(help: "Print results as one JSON document on stdout.")
    var json = false

    @Option(help: ArgumentHelp("Diagnostics on stderr as text lines or JSON lines.", valueName: "text|json"))
    var logFormat: LogFormat = .text

    @Flag(help: "Print tables at full width (on a terminal they are cut to fit it).")
    var wide = false

    /// The width tables are rendered to: the terminal's, unless `--wide` or stdout is not a terminal.
    var tableWidth: Int? { wide ? nil : TerminalWidth.ofStandardOutput() }

    /// Loads settings with these options (and a command's own flags) on top of environment and config file.
    func loadSettings(flags: ConfigLayer = ConfigLayer()) throws -> (settings: Settings, configFile: String?) {
        var layer = flags
        layer.database = db ?? flags.database
        return try SettingsLoader(environment: CommandIO.environment, workingDirectory: workingDirectory)
            .load(flags: layer, configPath: config)
    }

    var workingDirectory: URL { URL(fileURLWithPath: CommandIO.workingDirectory, isDirectory: true) }

    /// fcgen's logger for diagnostics on stderr, in `--log-format`; `level` `.warning` keeps only warnings and
    /// errors (`--quiet`).
    func logger(level: Logger.Level = .info) -> Logger {
        logFormat.logger(label: "fcgen", level: level)
    }
}
