import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The learner rules `Learners` holds (moved out of the store): a name is trimmed and must not be empty, a learner
/// is created once whatever the case of the name, and a time zone is an IANA name exactly as the tz database
/// spells it; a refused name or zone stores nothing.
struct LearnerUseCaseTests {
    @Test func aNameIsTrimmedFoundIgnoringCaseAndCreatedOnce() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let ana = try await Learners.ensure(on: store, named: "  Ana \n")
        #expect(ana.name == "Ana")
        #expect(try await Learners.ensure(on: store, named: "ana").id == ana.id)
        #expect(try await Learners.named(on: store, " ANA ")?.id == ana.id)
        #expect(try await Learners.named(on: store, "bo") == nil)
        let inOne = try await store.write("two learners") { db in
            (try await Learners.ensure(named: "bo", in: db), try await Learners.ensure(named: "Ana", in: db))
        }
        #expect(inOne.1.id == ana.id && inOne.0.id != ana.id)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM users WHERE name <> 'local'") == 2)

        for blank in ["", "  ", "\n\t"] {
            await #expect(throws: StoreError.invalidUserName) { try await Learners.ensure(on: store, named: blank) }
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM users WHERE name <> 'local'") == 2)
        await store.close()
    }

    @Test func onlyAnIANANameIsStoredAsATimeZone() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let ana = try await Learners.ensure(on: store, named: "ana")
        try await Learners.setTimeZone(on: store, "Europe/Berlin", userID: ana.id)
        #expect(try await Learners.named(on: store, "ana")?.timeZone == "Europe/Berlin")

        for bad in ["Bogus/Zone", "GMT+1", "europe/berlin", ""] {
            let error = await #expect(throws: PipelineError.self) {
                try await Learners.setTimeZone(on: store, bad, userID: ana.id)
            }
            guard case .setting(let problem) = error else {
                Issue.record("\(bad): expected a setting error, got \(String(describing: error))")
                continue
            }
            #expect(problem.contains("unknown time zone \"\(bad)\""))
            #expect(Learners.timeZoneProblem(bad) == problem)
        }
        #expect(try await Learners.named(on: store, "ana")?.timeZone == "Europe/Berlin")
        #expect(Learners.timeZoneProblem("UTC") == nil)

        try await Learners.setTimeZone(on: store, nil, userID: ana.id)
        #expect(try await Learners.named(on: store, "ana")?.timeZone == nil)
        await store.close()
    }
}
