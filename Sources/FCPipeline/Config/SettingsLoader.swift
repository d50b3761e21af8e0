public import Foundation

/// Builds ``Settings`` the way every fcgen executable does: flags > `FCGEN_*` environment > config file > defaults.
public struct SettingsLoader: Sendable {
    public var environment: [String: String]
    public var workingDirectory: URL

    public init(environment: [String: String], workingDirectory: URL) {
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// Loads settings.
    ///
    /// - Parameters:
    ///   - flags: what the command line set.
    ///   - configPath: `--config`; when given the file must exist. Otherwise the default path is read if present.
    /// - Returns: the settings and the config file that was read, if any.
    public func load(flags: ConfigLayer, configPath: String?) throws -> (settings: Settings, configFile: String?) {
        var fileLayer = ConfigLayer()
        var used: String?
        let explicitPath = configPath ?? environment["FCGEN_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        if let explicitPath {
            let url = URL(fileURLWithPath: explicitPath, relativeTo: workingDirectory)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw PipelineError.config(file: explicitPath, key: nil, problem: "no such file")
            }
            fileLayer = try ConfigLayer.load(configFile: url)
            used = explicitPath
        } else {
            let path = Settings.defaultConfigPath(environment)
            if FileManager.default.fileExists(atPath: path) {
                fileLayer = try ConfigLayer.load(configFile: URL(fileURLWithPath: path))
                used = path
            }
        }
        let environmentLayer = try ConfigLayer.fromEnvironment(environment)
        let merged = flags.overlaying(environmentLayer).overlaying(fileLayer)
        let settings = try Settings.resolve(merged, environment: environment, workingDirectory: workingDirectory)
        return (settings, used)
    }
}
