import FCStore
import Testing

/// Scripts split into the statements PostgreSQL takes one at a time.
struct SQLScriptTests {
    @Test func scriptsSplitAtSemicolonsOutsideLiteralsAndComments() {
        let script = """
            CREATE TABLE a (x TEXT DEFAULT ';');
            -- a comment; with a semicolon
            CREATE INDEX a_x ON a (x);

            /* only a comment; */
            INSERT INTO a VALUES ('x;y')
            """
        #expect(
            SQLScript.statements(of: script) == [
                "CREATE TABLE a (x TEXT DEFAULT ';')",
                "-- a comment; with a semicolon\nCREATE INDEX a_x ON a (x)",
                "/* only a comment; */\nINSERT INTO a VALUES ('x;y')",
            ])
    }

    @Test func aScriptOfOnlyCommentsHasNoStatements() {
        #expect(SQLScript.statements(of: "-- nothing;\n/* here */ ;  ").isEmpty)
    }
}
