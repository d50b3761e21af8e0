/// The web app `fcgen serve` serves at `/` (docs/webapp.md).
package struct WebAppSettings: Sendable {
    /// Where Debian's `libjs-katex` installs KaTeX.
    package static let debianKatexDirectory = "/usr/share/javascript/katex"

    /// A folder holding KaTeX (`katex.min.js`, `katex.min.css`, `fonts/`), served under `/app/katex/` when it has
    /// `katex.min.js`; without it the app shows maths as the LaTeX text it is stored as.
    package var katexDirectory: String?

    package init(katexDirectory: String? = WebAppSettings.debianKatexDirectory) {
        self.katexDirectory = katexDirectory
    }
}
