import FCPipeline
import FCStore
import FCTestSupport
import Testing

/// Migration 31 (one time zone per learner) over a version-29 database on both engines: a learner who set a
/// reminder but no zone of their own takes the reminder's zone; a learner's own zone stays where both were set;
/// the reminder's zone column goes, and a reminder read afterwards is in the learner's zone.
struct OneTimeZoneMigrationTests {
    /// Ana: a reminder in Europe/Berlin, no zone of her own. Max: his own zone Asia/Tokyo and a reminder in
    /// America/New_York. Lea: a zone and no reminder. Bo: neither.
    static let rows = """
        INSERT INTO users (id, name, time_zone, created_at) VALUES (1, 'Ana', NULL, 0), (2, 'Max', 'Asia/Tokyo', 0),
            (3, 'Lea', 'Europe/Paris', 0), (4, 'Bo', NULL, 0);
        INSERT INTO reminders (user_id, local_time, time_zone, sent_day, updated_at)
        VALUES (1, '07:30', 'Europe/Berlin', '2026-11-20', 5), (2, NULL, 'America/New_York', NULL, 6);
        """

    static let expectedZones = ["1 Europe/Berlin", "2 Asia/Tokyo", "3 Europe/Paris", "4 -"]
    static let zonesQuery = "SELECT id || ' ' || COALESCE(time_zone, '-') AS zone FROM users ORDER BY id"

    @Test func sqliteLearnersKeepOneZone() async throws {
        let database = await TemporaryDatabase.make(empty: true)
        let old = try await Store.open(
            path: database.path, now: Fixtures.now, migrations: Array(Migration.all.prefix(29)))
        try await old.executeInTransaction(Self.rows)
        #expect(try await old.schemaVersion() == 29)
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 31") == "one time zone")
        #expect(
            try await store.scalarText("SELECT group_concat(zone, ',') FROM (\(Self.zonesQuery))")
                == Self.expectedZones.joined(separator: ","))
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM pragma_table_info('reminders') WHERE name = 'time_zone'")
                == 0)
        try await Self.expectReminders(store)
    }

    @Test func postgresLearnersKeepOneZone() async throws {
        let (zones, columns) = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await Migrator(migrations: Array(Migration.postgres.prefix(29))).migrate(connection, appliedAt: 1)
            try await connection.execute(Self.rows, operation: "seed version 29")
            try await Migrator.postgres.migrate(connection, appliedAt: 2)
            let zones = try await connection.withStatement(Self.zonesQuery, operation: "read zones") { statement in
                var lines: [String] = []
                while try await statement.step() { lines.append(statement.string(at: 0)) }
                return lines
            }
            let columns = try await connection.withStatement(
                """
                SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'reminders' AND column_name = 'time_zone'
                """, operation: "read columns"
            ) { statement in
                _ = try await statement.step()
                return statement.int64(at: 0)
            }
            return (zones, columns)
        }
        #expect(zones == Self.expectedZones)
        #expect(columns == 0)
    }

    /// The reminders read back after the migration: each in its learner's zone, the claimed day kept.
    static func expectReminders(_ store: Store) async throws {
        let ana = try #require(try await Reminders.reminder(on: store, userID: 1))
        #expect(ana.localTime == "07:30" && ana.timeZone == "Europe/Berlin" && ana.sentDay == "2026-11-20")
        #expect(try await Reminders.reminder(on: store, userID: 2)?.timeZone == "Asia/Tokyo", "Max's own zone wins")
        // Setting a reminder with a zone sets the learner's zone; without one it keeps it.
        _ = try await Reminders.set(on: store, userID: 4, time: ReminderTime("21:00"), timeZone: "Pacific/Auckland")
        #expect(try await Learners.named(on: store, "Bo")?.timeZone == "Pacific/Auckland")
        let off = try await Reminders.set(on: store, userID: 1, time: nil, timeZone: nil)
        #expect(off.localTime == nil && off.timeZone == "Europe/Berlin")
        try await Learners.setTimeZone(on: store, "America/Chicago", userID: 1)
        #expect(
            try await Reminders.reminder(on: store, userID: 1)?.timeZone == "America/Chicago", "one zone: the learner's"
        )
    }
}
