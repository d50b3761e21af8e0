import Foundation

/// What a name and a password must be at sign-up, sign-in and a password change; every refusal is a `400`
/// naming the field.
package enum AccountRules {
    /// The shortest password: 8 characters (NIST SP 800-63B §3.1.1.2's least for a chosen password).
    package static let passwordMinCharacters = 8
    /// The longest password in UTF-8 bytes: bcrypt reads only the first 72, so a longer one would be accepted
    /// for any ending; it is refused instead of cut.
    package static let passwordMaxBytes = 72
    /// The longest name, in characters.
    package static let nameMaxCharacters = 64

    /// The member `field` of `body` as a password within the limits. A password to check against the stored one
    /// (`isNew` false) is not held to the least length: the rule may have grown since it was chosen.
    package static func password(_ body: JSONBody, _ field: String, isNew: Bool) throws -> String {
        let password = try body.string(field)
        guard !password.isEmpty else { throw Problem.badRequest("\"\(field)\" must not be empty", field: field) }
        guard !isNew || password.count >= passwordMinCharacters else {
            throw Problem.badRequest(
                "\"\(field)\" must have at least \(passwordMinCharacters) characters", field: field)
        }
        guard password.utf8.count <= passwordMaxBytes else {
            throw Problem.badRequest(
                "\"\(field)\" must be at most \(passwordMaxBytes) bytes in UTF-8 (bcrypt reads no more)", field: field)
        }
        // bcrypt takes a C string: a NUL would end the password there.
        guard !password.unicodeScalars.contains("\0") else {
            throw Problem.badRequest("\"\(field)\" must not contain NUL", field: field)
        }
        return password
    }

    /// The member `name` of `body`, trimmed: 1…64 characters, none of them a control character.
    package static func name(_ body: JSONBody) throws -> String {
        let name = try body.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= nameMaxCharacters else {
            throw Problem.badRequest("\"name\" must have 1 to \(nameMaxCharacters) characters", field: "name")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Problem.badRequest("\"name\" must not contain control characters", field: "name")
        }
        return name
    }
}
