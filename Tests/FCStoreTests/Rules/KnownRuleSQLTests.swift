import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The store counts known cards with `KnownRule.sql`; FCScheduler's `KnownRule.isKnown` is the rule. Both must say
/// the same of every phase, algorithm and value on either side of the thresholds, on both engines.
struct KnownRuleSQLTests {
    /// Every combination that can sit on one side or the other of the rule.
    static let states: [(state: CardState, algorithm: SchedulingAlgorithm)] = {
        let due = Date(timeIntervalSince1970: 0)
        var states: [(CardState, SchedulingAlgorithm)] = []
        let boxes: [Int?] = [nil, KnownRule.minimumLeitnerBox - 1, KnownRule.minimumLeitnerBox, 7]
        let stabilities: [Double?] = [
            nil, KnownRule.minimumStability.nextDown, KnownRule.minimumStability, KnownRule.minimumStability + 100,
        ]
        for phase in CardPhase.allCases {
            for algorithm in SchedulingAlgorithm.allCases {
                for box in boxes {
                    for stability in stabilities {
                        states.append((CardState(phase: phase, stability: stability, box: box, due: due), algorithm))
                    }
                }
            }
        }
        return states
    }()

    /// What the SQL condition says of each of ``states``, evaluated by the store's engine.
    static func sqlVerdicts(_ store: Store) async throws -> [Bool] {
        var verdicts: [Bool] = []
        for (state, algorithm) in states {
            let row = """
                SELECT \(state.phase.rawValue) AS phase, '\(algorithm.rawValue)' AS algorithm,
                    CAST(\(state.box.map(String.init) ?? "NULL") AS INTEGER) AS box,
                    CAST(\(state.stability.map { "\($0)" } ?? "NULL") AS DOUBLE PRECISION) AS stability
                """
            let verdict = try await store.scalarInteger(
                "SELECT CASE WHEN \(KnownRule.sql) THEN 1 ELSE 0 END FROM (\(row)) s")
            verdicts.append(verdict == 1)
        }
        return verdicts
    }

    static var swiftVerdicts: [Bool] { states.map { KnownRule.isKnown($0.state, algorithm: $0.algorithm) } }

    @Test func theSQLAgreesWithTheRuleOnSQLite() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let verdicts = try await Self.sqlVerdicts(store)
        await store.close()
        #expect(verdicts == Self.swiftVerdicts)
        // The grid reaches both answers, so agreement is not agreement on "never".
        #expect(Set(verdicts) == [true, false])
    }

    @Test func theSQLAgreesWithTheRuleOnPostgreSQL() async throws {
        let scratch = try await TestPostgresServer.scratchDatabase(label: "knownrule")
        let result: Result<[Bool], any Error>
        do {
            let store = try await Store.open(path: scratch.url, now: Fixtures.now)
            result = .success(try await Self.sqlVerdicts(store))
            await store.close()
        } catch {
            result = .failure(error)
        }
        await scratch.drop()
        #expect(try result.get() == Self.swiftVerdicts)
    }
}
