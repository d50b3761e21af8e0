extension CLIRunner {
    /// Runs a built executable (or an absolute path) to completion: ``run(executable:_:environment:stdin:workingDirectory:)``
    /// (`fcgen` in this process where it can, on Dispatch's threads; a child otherwise, awaited off the cooperative
    /// pool, ``Running/finish()``), so a test that runs many commands never holds one of the two cooperative threads
    /// a 2-core machine has.
    func finish(
        _ arguments: [String], executable: String = "fcgen", environment: [String: String] = [:]
    ) async throws -> Result {
        try await run(executable: executable, arguments, environment: environment)
    }
}
