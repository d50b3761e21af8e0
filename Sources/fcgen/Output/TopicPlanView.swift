import FCCore
import FCPipeline

/// The text form of ``TopicPlanReport``: a header with the plan's source and progress, then one row per step.
struct TopicPlanView {
    let report: TopicPlanReport

    func render() -> String {
        var lines = ["topic: \(report.topic)"]
        lines.append("language: \(report.language ?? "not set (the model's choice)")")
        switch report.plan.source {
        case nil:
            lines.append("plan: none yet (the topic's next generation asks for one); batches use the fixed aspects")
        case "fallback"?:
            lines.append(
                "plan: none — the model's outline was unusable (\(report.plan.note ?? "no reason recorded")); batches "
                    + "use the fixed aspects; try --regenerate or --edit FILE")
        case let source?:
            let subtopics = report.plan.subtopics?.count ?? 0
            var line =
                "plan: \(source == "edited" ? "edited" : "outlined by the model"), \(Plural.count(subtopics, "subtopic"))"
            if let updatedAt = report.plan.updatedAt { line += ", updated \(Timestamp.format(updatedAt))" }
            lines.append(line)
        }
        guard report.total > 0 else { return lines.joined(separator: "\n") }
        lines.append("progress: \(report.covered) of \(Plural.count(report.total, "step")) covered")
        if let next = report.next {
            lines.append("next: step \(next.index), \(next.subtopic) — \(next.level.rawValue)")
        } else {
            lines.append("next: every step is covered; later batches use the fixed aspects")
        }
        var table = TextTable([
            ("step", .right), ("subtopic", .left), ("level", .left), ("focus", .left), ("batch", .right),
        ])
        for step in report.steps {
            table.append([
                "\(step.index)", step.subtopic, step.level.rawValue, step.focus, step.batch.map(String.init) ?? "-",
            ])
        }
        lines.append(table.render())
        return lines.joined(separator: "\n")
    }
}
