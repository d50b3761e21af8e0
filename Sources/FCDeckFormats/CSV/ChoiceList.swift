public import FCCore

/// A multiple-choice card's options in one text field, the CSV `options` column: the options in order, separated
/// by `|`, the correct one marked with a `*` in front.
///
/// A `|`, a `*` or a `\` that is part of an option's text is written with a `\` in front (`\|`, `\*`, `\\`), so any
/// text survives a round trip. Blanks around an option are ignored, as `CardChoices` trims options anyway.
///
/// ```swift
/// let choices = try CardChoices.make(["Remus", "Romulus", "Numa", "Tullus"], correctIndex: 1).get()
/// ChoiceList.encode(choices)                         // "Remus|*Romulus|Numa|Tullus"
/// ChoiceList.decode("Remus|*Romulus|Numa|Tullus")    // .success(choices)
/// ```
public enum ChoiceList {
    /// The options as one field.
    public static func encode(_ choices: CardChoices) -> String {
        choices.options.enumerated().map { index, option in
            (index == choices.correctIndex ? "*" : "") + escaped(option)
        }.joined(separator: "|")
    }

    /// Reads a field written by ``encode(_:)`` (or by hand); fails with the reason the sanitizer gives a model's
    /// options (no option marked, several, too few or too many, one offered twice, an empty or over-long one).
    public static func decode(_ text: String) -> Result<CardChoices, CardChoicesProblem> {
        var options: [(text: String, isCorrect: Bool)] = []
        var current = ""
        var marked = false
        var atStart = true
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
                atStart = false
                continue
            }
            switch character {
            case "\\":
                escaping = true
            case "|":
                options.append((current, marked))
                (current, marked, atStart) = ("", false, true)
            case "*" where atStart && !marked:
                marked = true
            case _ where atStart && character.isWhitespace:
                current.append(character)
            default:
                current.append(character)
                atStart = false
            }
        }
        if escaping { current.append("\\") }
        options.append((current, marked))
        return CardChoices.make(marked: options)
    }

    private static func escaped(_ option: String) -> String {
        guard option.contains(where: { $0 == "|" || $0 == "*" || $0 == "\\" }) else { return option }
        var result = ""
        for character in option {
            if character == "|" || character == "*" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
