import FCCommandLine
import Logging
import Testing

/// `--log-format text` keeps fcgen's stderr shapes: bare progress, `label: note`, `label: level: problem`.
struct TextLogHandlerTests {
    @Test func progressIsBareNoticesNameTheProgramProblemsNameTheLevel() {
        let lines = CapturedLines()
        var logger = LogFormat.text.logger(label: "fcgen", sink: lines.sink)
        logger.logLevel = .trace
        logger.debug("[Algebra] batch 1: definitions, foundational — requesting")
        logger.info("[Algebra] batch 1: strict, kept 3")
        logger.notice("wrote 2 media file(s)", metadata: ["event": "media_written"])
        logger.warning("openai: HTTP 503; attempt 2 in 1 s")
        logger.error("cards.csv: is not valid UTF-8")
        logger.critical("out of disk")
        #expect(
            lines.all == [
                "[Algebra] batch 1: definitions, foundational — requesting",
                "[Algebra] batch 1: strict, kept 3",
                "fcgen: wrote 2 media file(s)",
                "fcgen: warning: openai: HTTP 503; attempt 2 in 1 s",
                "fcgen: error: cards.csv: is not valid UTF-8",
                "fcgen: critical: out of disk",
            ])
    }

    @Test func theDaemonStampsEachLineWithUTCTime() {
        let lines = CapturedLines()
        let logger = LogFormat.text.logger(label: "fcgen-worker", timestamps: true, sink: lines.sink)
        logger.info("round: 0 enqueued")
        logger.error("database is locked")
        #expect(
            lines.all == [
                "2026-03-01T09:30:00Z round: 0 enqueued",
                "2026-03-01T09:30:00Z fcgen-worker: error: database is locked",
            ])
    }

    @Test func quietDropsProgressButKeepsWarnings() {
        let lines = CapturedLines()
        let logger = LogFormat.text.logger(label: "fcgen", level: .warning, sink: lines.sink)
        logger.info("[Algebra] batch 1: strict, kept 3")
        logger.notice("openai: rate limit, waited 1 s")
        logger.warning("[Algebra] batch 2 failed: timeout")
        #expect(lines.all == ["fcgen: warning: [Algebra] batch 2 failed: timeout"])
    }
}
