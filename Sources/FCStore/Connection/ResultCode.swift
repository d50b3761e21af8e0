/// Extended SQLite result codes the store reacts to.
///
/// They are C macros built with shifts (`SQLITE_CONSTRAINT | (8<<8)`), which Swift does not import, so their
/// values are spelled out here from https://www.sqlite.org/rescode.html.
enum ResultCode {
    /// `SQLITE_CONSTRAINT_UNIQUE` (2067): a UNIQUE constraint failed.
    static let constraintUnique: Int32 = 2067
    /// `SQLITE_CONSTRAINT_FOREIGNKEY` (787): a FOREIGN KEY constraint failed.
    static let constraintForeignKey: Int32 = 787
    /// `SQLITE_CONSTRAINT_PRIMARYKEY` (1555): a PRIMARY KEY constraint failed (a `WITHOUT ROWID` table's key).
    static let constraintPrimaryKey: Int32 = 1555
}
