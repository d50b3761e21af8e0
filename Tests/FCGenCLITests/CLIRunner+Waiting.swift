extension CLIRunner {
    /// Runs a built executable (or an absolute path) to completion like ``run(executable:_:environment:stdin:workingDirectory:)``,
    /// but waits on a global queue (``Running/finish()``): a test that runs many commands must not hold one of the
    /// two cooperative threads a 2-core machine has, or timing-sensitive tests elsewhere stall.
    func finish(
        _ arguments: [String], executable: String = "fcgen", environment: [String: String] = [:]
    ) async throws -> Result {
        try await launch(executable: executable, arguments, environment: environment).finish()
    }
}
