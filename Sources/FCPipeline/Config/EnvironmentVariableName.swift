/// The check on `api_key_env`, the one setting whose value sits next to a secret.
///
/// The setting holds the *name* of the variable with the API key. When someone pastes the key itself there
/// ("sk-…"), every message that named the variable would print the key, so a value that cannot be a variable name
/// is refused without being shown, wherever it came from (file, `FCGEN_API_KEY_ENV`, a flag).
enum EnvironmentVariableName {
    /// Longer names exist in theory; in practice a 64-character "name" is a pasted token.
    static let maxLength = 64

    /// What the value must be, for every message that refuses one; never includes the value.
    static let requirement =
        "must name an environment variable (letters, digits and _, not starting with a digit, at most \(maxLength) "
        + "characters, not a random-looking token), not hold an API key; the value is not shown"

    /// Whether `name` matches `[A-Za-z_][A-Za-z0-9_]*`, is at most ``maxLength`` characters and is no token.
    static func isPlausible(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maxLength, !isDigit(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") } && !looksLikeToken(bytes)
    }

    /// Some keys fit the name pattern: most Gemini keys (`AIza…`, 39 characters) and Groq's (`gsk_…`). Names are
    /// words, keys are random: counting the places where lower case, upper case and digits alternate (an upper-case
    /// letter starting a lower-case word doesn't count) tells them apart. A random 39-character key has about 17;
    /// `MyProject2025_OpenAI_API_Key` has 2.
    private static func looksLikeToken(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 20 else { return false }
        var alternations = 0
        for (previous, next) in zip(bytes, bytes.dropFirst()) {
            let before = characterClass(previous)
            let after = characterClass(next)
            if before != after && before != 0 && after != 0 && !(before == 2 && after == 1) { alternations += 1 }
        }
        return alternations >= 8
    }

    /// 1 lower case, 2 upper case, 3 digit, 0 anything else.
    private static func characterClass(_ byte: UInt8) -> Int {
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { return 1 }
        if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { return 2 }
        return isDigit(byte) ? 3 : 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
