import ArgumentParser

/// The `fcgen` command: `fcgen --topic T --batches N` is `fcgen generate --topic T --batches N`.
@main
struct FCGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fcgen",
        abstract: "Turn a topic into study-ready flashcards with an LLM.",
        discussion: """
            Cards, batches and topics live in one SQLite database (--db, $FCGEN_DB, or \
            $XDG_DATA_HOME/fcgen/fcgen.sqlite). Try the offline demo: fcgen --topic "Roman history" --batches 3 --offline

            Exit codes: 0 ok, 1 failure, 3 a budget (--max-cost) stopped the run before a request, 64 usage, 65 bad input data or config, not found or conflict, \
            69 LLM unavailable after retries, 75 temporary failure (try again). With --json a failure is a JSON \
            document on stdout too, {"error": {"code", "message", …}} (docs/json.md).
            """,
        version: "0.1.0",
        subcommands: [
            GenerateCommand.self, SanitizeCommand.self, TopicsCommand.self, TopicCommand.self, CardsCommand.self,
            BatchesCommand.self, JobsCommand.self, SchedulerCommand.self, DueCommand.self, ReviewCommand.self,
            SessionCommand.self, LearnCommand.self, QuizCommand.self, StatsCommand.self, HistoryCommand.self,
            CalendarCommand.self, CardCommand.self,
            ImportCommand.self, ExportCommand.self, UserCommand.self, ProfileCommand.self, ChallengesCommand.self,
            BoxesCommand.self, AchievementsCommand.self, LeaderboardCommand.self, ServeCommand.self, TokenCommand.self,
            InviteCommand.self, PasswordResetCommand.self,
            DatabaseCommand.self, UsageCommand.self,
        ],
        defaultSubcommand: GenerateCommand.self
    )
}
