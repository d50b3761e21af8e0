/// Control characters: what terminals act on instead of showing (ESC starts ANSI and OSC sequences that can clear the
/// screen, retitle the window or write the clipboard; CR and LF can overwrite or forge lines).
///
/// The C0 set (U+0000–U+001F), DEL (U+007F) and the C1 set (U+0080–U+009F, which some terminals read as the
/// 8-bit forms of ESC sequences, such as U+009B for CSI). Text output escapes them; names refuse them.
public enum ControlCharacters {
    /// Whether `scalar` is a C0 or C1 control character or DEL.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The first control character in `text`, if any.
    public static func first(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: contains)
    }
}
