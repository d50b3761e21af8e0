package import FCCore
import Foundation

extension Database {
    /// The topic's plan, language and card kinds; an empty value when it has none of them.
    ///
    /// - Throws: ``StoreError/corruptRow(table:column:rowID:)`` when the stored plan, language or kinds cannot be
    ///   read.
    package func topicGeneration(topicID: Int64) async throws -> TopicGeneration {
        try await connection.withQuery(
            """
            SELECT language, plan_json, plan_source, plan_note, plan_updated_at, kinds
            FROM topic_generation WHERE topic_id = \(topicID)
            """,
            operation: "read topic generation"
        ) { statement in
            guard try await statement.step() else { return TopicGeneration() }
            var generation = TopicGeneration()
            if let tag = statement.optionalString(at: 0) {
                guard let language = LanguageTag(tag) else {
                    throw StoreError.corruptRow(table: "topic_generation", column: "language", rowID: topicID)
                }
                generation.language = language
            }
            if let json = statement.optionalString(at: 1) {
                do {
                    generation.plan = try JSONDecoder().decode(TopicOutline.self, from: Data(json.utf8))
                } catch {
                    throw StoreError.corruptRow(table: "topic_generation", column: "plan_json", rowID: topicID)
                }
            }
            if let source = statement.optionalString(at: 2) {
                generation.planSource = TopicGeneration.PlanSource(rawValue: source)
            }
            generation.planNote = statement.optionalString(at: 3)
            generation.planUpdatedAt = statement.optionalInt(at: 4).map { Date(unixMilliseconds: Int64($0)) }
            if let list = statement.optionalString(at: 5) {
                guard case .success(let kinds) = GeneratedKinds.parse(list) else {
                    throw StoreError.corruptRow(table: "topic_generation", column: "kinds", rowID: topicID)
                }
                generation.kinds = kinds
            }
            return generation
        }
    }

    package func writeTopicGeneration(_ update: TopicGenerationUpdate, topicID: Int64, at: Int64) async throws {
        var planJSON: String?
        if let outline = update.plan?.outline {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            planJSON = String(decoding: try encoder.encode(outline), as: UTF8.self)
        }
        try await connection.withQuery(
            """
            INSERT INTO topic_generation (topic_id, language, plan_json, plan_source, plan_note, plan_updated_at,
                kinds)
            VALUES (\(topicID), \(update.language?.value), \(planJSON), \(update.plan?.source.rawValue),
                \(update.plan?.note), CASE WHEN \(update.plan?.source.rawValue) IS NULL THEN NULL ELSE \(at) END,
                \(update.kinds?.description))
            ON CONFLICT (topic_id) DO UPDATE SET
                language = COALESCE(\(update.language?.value), topic_generation.language),
                kinds = COALESCE(\(update.kinds?.description), topic_generation.kinds),
                plan_json = CASE WHEN \(update.plan?.source.rawValue) IS NULL THEN topic_generation.plan_json ELSE
                    \(planJSON) END,
                plan_note = CASE WHEN \(update.plan?.source.rawValue) IS NULL THEN topic_generation.plan_note ELSE
                    \(update.plan?.note) END,
                plan_updated_at = CASE WHEN \(update.plan?.source.rawValue) IS NULL THEN
                    topic_generation.plan_updated_at ELSE \(at) END,
                plan_source = COALESCE(\(update.plan?.source.rawValue), topic_generation.plan_source)
            """,
            operation: "write topic generation"
        ) { statement in
            try await statement.run()
        }
    }
}
