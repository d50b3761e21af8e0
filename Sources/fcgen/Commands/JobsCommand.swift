import ArgumentParser
import FCPipeline
import FCStore
import Foundation

/// `fcgen jobs …`: list refill jobs, retry or cancel one.
struct JobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "List refill jobs; retry or cancel one.",
        discussion: """
            Examples:
              fcgen jobs --status dead
              fcgen jobs retry 12
              fcgen jobs cancel 12
            """,
        subcommands: [JobsListCommand.self, JobsRetryCommand.self, JobsCancelCommand.self],
        defaultSubcommand: JobsListCommand.self
    )
}

/// `fcgen jobs [list] [--status S]`.
struct JobsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List jobs, newest first.")

    @OptionGroup var global: GlobalOptions

    @Option(
        help: ArgumentHelp("Only jobs with this status.", valueName: "queued|running|done|failed|dead|cancelled"))
    var status: String?

    func validate() throws {
        if let status, JobStatus(rawValue: status) == nil {
            throw ValidationError(
                "--status must be one of " + JobStatus.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    struct Output: Encodable {
        var jobs: [Job]
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let jobs = try await RefillJobs.list(on: store, status: status.flatMap(JobStatus.init(rawValue:)))
            if global.json {
                try Console.json(Output(jobs: jobs))
                return
            }
            var table = TextTable([
                ("id", .right), ("topic", .left), ("batch", .right), ("status", .left), ("attempts", .right),
                ("run after", .left), ("last error", .left),
            ])
            for job in jobs {
                table.append([
                    "\(job.id)", job.topicName, job.batchNumber.map(String.init) ?? "-", job.status.rawValue,
                    "\(job.attempts)/\(job.maxAttempts)", Timestamp.format(job.runAfter),
                    job.lastError.map { String($0.prefix(60)) } ?? "",
                ])
            }
            Console.out(jobs.isEmpty ? "no jobs" : table.render(width: global.tableWidth))
        }
    }
}

/// `fcgen jobs retry ID`: requeue a failed or dead job now.
struct JobsRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry", abstract: "Requeue a failed or dead job to run now, with fresh attempts.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The job's id (see: fcgen jobs).") var id: Int64

    func run() async throws {
        try await global.reportingErrors {
            let job = try await RefillJobs.retry(on: global.openStore(), id: id)
            try JobOutput(job: job).print(json: global.json)
        }
    }
}

/// `fcgen jobs cancel ID`: cancel a job that has not finished.
struct JobsCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a job that has not finished (a running one stores nothing).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The job's id (see: fcgen jobs).") var id: Int64

    func run() async throws {
        try await global.reportingErrors {
            let job = try await RefillJobs.cancel(on: global.openStore(), id: id)
            try JobOutput(job: job).print(json: global.json)
        }
    }
}

/// What `jobs retry` and `jobs cancel` print: the job as it is now.
struct JobOutput: Encodable {
    var job: Job

    func print(json: Bool) throws {
        if json {
            try Console.json(self)
        } else {
            Console.out("job \(job.id) (\(job.topicName)) is \(job.status.rawValue)")
        }
    }
}
