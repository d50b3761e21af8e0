/// "1 card", "2 cards": a count and its noun in the number the count needs, for every message that counts things.
///
/// English only, as all of fcgen's text is. The regular plural covers fcgen's nouns (`card` → `cards`, `batch` →
/// `batches`, `box` → `boxes`, `entry` → `entries`); pass the plural for any other.
///
/// ```swift
/// Plural.count(1, "card")                  // "1 card"
/// Plural.count(3, "batch")                 // "3 batches"
/// Plural.count(2, "is", "are")             // "2 are"
/// ```
public enum Plural {
    /// `count`, a space and the noun: `singular` when `count` is 1 or -1, else `plural` (default: the regular
    /// plural of `singular`).
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + noun(count, singular, plural)
    }

    /// The noun alone, in the number `count` needs.
    public static func noun(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        count == 1 || count == -1 ? singular : plural ?? regularPlural(of: singular)
    }

    /// The regular English plural: `-es` after s, x, z, ch and sh; `-ies` for a consonant and y; else `-s`.
    public static func regularPlural(of singular: String) -> String {
        let lower = singular.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return singular + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return singular.dropLast() + "ies"
        }
        return singular + "s"
    }

    /// The singular of a regular plural (the inverse of ``regularPlural(of:)``), for text written with the plural
    /// that may have to speak of one thing (a challenge's "Review {n} cards" when the target is 1). A word that is
    /// no regular plural comes back unchanged.
    public static func singular(of plural: String) -> String {
        let lower = plural.lowercased()
        if lower.count > 3, lower.hasSuffix("ies") { return plural.dropLast(3) + "y" }
        if ["sses", "xes", "zes", "ches", "shes"].contains(where: lower.hasSuffix) {
            return String(plural.dropLast(2))
        }
        if lower.count > 1, lower.hasSuffix("s"), !lower.hasSuffix("ss") { return String(plural.dropLast()) }
        return plural
    }
}
