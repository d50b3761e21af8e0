package import FCContract

/// The document a `--json` command writes to stdout when it fails:
///
/// ```json
/// {"error": {"code": "not_found", "exitCode": 65, "message": "no card with id 999", "title": "Not found"},
///  "schemaVersion": 3}
/// ```
///
/// `code` is an ``ErrorCode`` (stable; the HTTP API serves it as an RFC 9457 problem type), `title` its fixed
/// summary, `message` the specifics (the same text as the `fcgen: error:` line on stderr), `exitCode` the process's
/// exit status. Optional members: `argument` (the command-line word that was wrong), `suggestion` (the nearest
/// valid command or flag), `problems` (an import's bad rows).
package struct ErrorDocument: Encodable, Sendable {
    /// The `error` member.
    package struct Body: Encodable, Sendable {
        package var code: ErrorCode
        package var title: String
        package var message: String
        package var exitCode: Int32
        package var argument: String?
        package var suggestion: String?
        package var problems: [String]?
    }

    package var schemaVersion = ContractJSON.schemaVersion
    package var error: Body

    /// The document for `code` with `message`.
    package init(
        code: ErrorCode, message: String, argument: String? = nil, suggestion: String? = nil,
        problems: [String]? = nil
    ) {
        error = Body(
            code: code, title: code.title, message: message, exitCode: code.exitStatus.rawValue, argument: argument,
            suggestion: suggestion, problems: problems)
    }
}
