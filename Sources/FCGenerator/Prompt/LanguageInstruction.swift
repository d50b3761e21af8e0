package import FCCore
import Foundation

/// What a prompt says about the language of the cards.
package enum LanguageInstruction {
    /// The language's English name with its tag, `German (de)`, for the prompt; the bare tag when Foundation has no
    /// name for it (a private-use tag, say). Models know tags, but a name leaves less room for doubt.
    package static func displayName(_ tag: LanguageTag) -> String {
        let name = Locale(identifier: "en").localizedString(forIdentifier: tag.value)
        guard let name, !name.isEmpty, name.lowercased() != tag.value.lowercased() else { return tag.value }
        return "\(name) (\(tag.value))"
    }

    /// Languages a vocabulary topic may pair, by the names a topic is likely to use (English and native).
    static let languageNames: [(name: String, words: [String])] = [
        ("Czech", ["czech", "čeština", "cestina", "česky"]),
        ("English", ["english", "englisch", "anglais", "angličtina"]),
        ("German", ["german", "deutsch", "němčina"]), ("French", ["french", "français", "francais"]),
        ("Spanish", ["spanish", "español", "espanol"]), ("Italian", ["italian", "italiano"]),
        ("Portuguese", ["portuguese", "português"]), ("Polish", ["polish", "polski"]),
        ("Russian", ["russian", "русский"]), ("Ukrainian", ["ukrainian"]), ("Slovak", ["slovak", "slovenčina"]),
        ("Dutch", ["dutch", "nederlands"]), ("Swedish", ["swedish", "svenska"]), ("Japanese", ["japanese"]),
        ("Chinese", ["chinese", "mandarin"]), ("Korean", ["korean"]), ("Turkish", ["turkish"]),
        ("Greek", ["greek"]), ("Latin", ["latin"]), ("Arabic", ["arabic"]), ("Hungarian", ["hungarian"]),
    ]

    /// For a topic that names two languages (`Czech–English vocabulary`, `German ↔ English`, `Deutsch Englisch
    /// Wörter`): the instruction to make cards in both directions; `nil` for any other topic.
    package static func directions(topic: String) -> String? {
        let words = topic.lowercased().split(whereSeparator: { !($0.isLetter) }).map(String.init)
        var found: [(position: Int, name: String)] = []
        for (name, spellings) in languageNames {
            if let position = words.firstIndex(where: { spellings.contains($0) }) { found.append((position, name)) }
        }
        guard found.count == 2 else { return nil }
        let pair = found.sorted { $0.position < $1.position }.map(\.name)
        return "This is a vocabulary deck between \(pair[0]) and \(pair[1]): make cards in both directions. About "
            + "half give a \(pair[0]) word or phrase in the question and ask for the \(pair[1]), the other half give "
            + "a \(pair[1]) word or phrase and ask for the \(pair[0]). The answer is the translation alone."
    }
}
