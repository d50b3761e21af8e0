/// Who may make an account on this server (`fcgen serve --signup`, docs/webapp.md).
package enum SignUpMode: String, Sendable, Hashable, CaseIterable {
    /// Anyone who reaches the server: for a server on a home network or a class's own machine.
    case open
    /// Only with an operator's one-use invite (`fcgen invite create`): the default.
    case invite
    /// No one: learners get tokens (`fcgen token create`) or invites are not taken.
    case closed
}
