import FCStore
import Testing

/// Parsing `postgres://` URLs: what is kept, what messages show, what is refused. No server needed.
struct PostgresTargetTests {
    @Test func aFullURLIsParsedAndItsDescriptionHasNoPassword() throws {
        let target = try PostgresTarget(url: "postgres://alice:s3cr%40t@db.example:6543/cards?sslmode=require")
        #expect(target.host == "db.example")
        #expect(target.port == 6543)
        #expect(target.user == "alice")
        #expect(target.password == "s3cr@t")
        #expect(target.database == "cards")
        #expect(target.tls == .require)
        #expect(target.description == "postgres://alice@db.example:6543/cards")
        #expect(!target.description.contains("s3cr"))
    }

    @Test func defaultsArePort5432AndPreferredTLS() throws {
        let target = try PostgresTarget(url: "postgresql://fcgen@localhost/fcgen")
        #expect(target.port == 5432)
        #expect(target.tls == .prefer)
        #expect(target.password == nil)
    }

    @Test func aSocketDirectoryReplacesTheHost() throws {
        let target = try PostgresTarget(url: "postgres://fcgen@/fcgen?host=/run/postgresql")
        #expect(target.host == nil)
        #expect(target.socketDirectory == "/run/postgresql")
        #expect(target.description == "postgres://fcgen@/fcgen?host=/run/postgresql")
    }

    @Test(arguments: [
        ("postgres://bob:hunter2@db/", "names no database"),
        ("postgres://:hunter2@db/cards", "names no user"),
        ("postgres://bob:hunter2@db/cards?sslmode=maybe", "sslmode must be"),
        ("mysql://bob:hunter2@db/cards", "not a PostgreSQL URL"),
    ])
    func badURLsAreRefusedWithoutShowingThePassword(url: String, problem: String) {
        #expect {
            try PostgresTarget(url: url)
        } throws: { error in
            let text = "\(error)"
            return text.contains(problem) && !text.contains("hunter2") && text.hasPrefix("cannot open database at")
        }
    }

    @Test func onlyPostgresSchemesCountAsURLs() {
        #expect(PostgresTarget.isURL("postgres://a@b/c"))
        #expect(PostgresTarget.isURL("postgresql://a@b/c"))
        #expect(!PostgresTarget.isURL("/home/me/fcgen.sqlite"))
        #expect(!PostgresTarget.isURL("postgres.sqlite"))
    }
}
