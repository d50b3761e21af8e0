import FCStore
import Testing

/// SQLite placeholders to PostgreSQL's `$N`, and scripts split into statements: no server needed.
struct PostgresPlaceholderTests {
    @Test func bareQuestionMarksAreNumberedInOrder() {
        let rewritten = PostgresPlaceholders.rewrite("SELECT * FROM t WHERE a = ? AND b = ? LIMIT ?")
        #expect(rewritten.sql == "SELECT * FROM t WHERE a = $1 AND b = $2 LIMIT $3")
        #expect(rewritten.parameterCount == 3)
    }

    @Test func numberedParametersKeepTheirNumberAndMayRepeat() {
        let rewritten = PostgresPlaceholders.rewrite("VALUES (?1, ?2, ?2, ?10) WHERE x = ?1")
        #expect(rewritten.sql == "VALUES ($1, $2, $2, $10) WHERE x = $1")
        #expect(rewritten.parameterCount == 10)
    }

    @Test func aBareQuestionMarkAfterANumberedOneTakesTheNextNumber() {
        // SQLite: a bare ? is one more than the largest number assigned so far.
        let rewritten = PostgresPlaceholders.rewrite("SELECT ?, ?3, ?")
        #expect(rewritten.sql == "SELECT $1, $3, $4")
        #expect(rewritten.parameterCount == 4)
    }

    @Test func literalsIdentifiersAndCommentsAreLeftAlone() {
        let sql = """
            SELECT 'a ? b', 'it''s ?', "odd?name", ? -- a ? in a comment
            /* and ? here; too */ FROM t WHERE c = ?2
            """
        let rewritten = PostgresPlaceholders.rewrite(sql)
        #expect(
            rewritten.sql == """
                SELECT 'a ? b', 'it''s ?', "odd?name", $1 -- a ? in a comment
                /* and ? here; too */ FROM t WHERE c = $2
                """)
        #expect(rewritten.parameterCount == 2)
    }

    @Test func unicodeAroundPlaceholdersSurvives() {
        let rewritten = PostgresPlaceholders.rewrite("SELECT 'Ελληνικά 🎉', ? AS 名前")
        #expect(rewritten.sql == "SELECT 'Ελληνικά 🎉', $1 AS 名前")
    }

    @Test func noPlaceholdersMeansNoParameters() {
        #expect(PostgresPlaceholders.rewrite("SELECT 1").parameterCount == 0)
    }

    @Test func scriptsSplitAtSemicolonsOutsideLiteralsAndComments() {
        let script = """
            CREATE TABLE a (x TEXT DEFAULT ';');
            -- a comment; with a semicolon
            CREATE INDEX a_x ON a (x);

            /* only a comment; */
            INSERT INTO a VALUES ('x;y')
            """
        #expect(
            PostgresPlaceholders.splitStatements(script) == [
                "CREATE TABLE a (x TEXT DEFAULT ';')",
                "-- a comment; with a semicolon\nCREATE INDEX a_x ON a (x)",
                "/* only a comment; */\nINSERT INTO a VALUES ('x;y')",
            ])
    }

    @Test func aScriptOfOnlyCommentsHasNoStatements() {
        #expect(PostgresPlaceholders.splitStatements("-- nothing;\n/* here */ ;  ").isEmpty)
    }
}

/// The casts a server-prepared statement's SQL gets, so that its parameters have the types an unnamed statement
/// declares: no server needed.
struct PostgresParameterCastTests {
    @Test func typedParametersAreCastAndUntypedOnesLeftToTheServer() {
        let sql = "SELECT * FROM t WHERE a = $1 AND b = $2 AND c IN ($3, $1) LIMIT $10"
        let types: [String?] = ["int8", nil, "text", nil, nil, nil, nil, nil, nil, "int8"]
        #expect(
            PostgresPlaceholders.castingParameters(sql, to: types)
                == "SELECT * FROM t WHERE a = $1::int8 AND b = $2 AND c IN ($3::text, $1::int8) LIMIT $10::int8")
    }

    @Test func literalsCommentsAndNamesWithDollarsAreLeftAlone() {
        let sql = """
            SELECT '$1', "col$1", a$1, $1 -- $1
            /* $1 */ FROM t
            """
        #expect(
            PostgresPlaceholders.castingParameters(sql, to: ["bytea"]) == """
                SELECT '$1', "col$1", a$1, $1::bytea -- $1
                /* $1 */ FROM t
                """)
    }

    @Test func aParameterBeyondTheTypesGivenStaysAsItIs() {
        #expect(PostgresPlaceholders.castingParameters("SELECT $1, $2", to: ["float8"]) == "SELECT $1::float8, $2")
    }
}
