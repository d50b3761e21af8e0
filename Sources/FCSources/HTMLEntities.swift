/// HTML character references: numeric ones (`&#233;`, `&#xE9;`) and the named ones text commonly uses.
enum HTMLEntities {
    /// The text of `&name;` (without `&` and `;`), or `nil` for a name not in the table; a non-breaking space
    /// comes back as a plain space so it collapses like one.
    static func decode(_ name: String) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            // NUL, surrogates and values past U+10FFFF are replaced, as browsers do.
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar == "\u{A0}" ? " " : String(scalar)
        }
        return named[name]
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ",
        "thinsp": " ", "shy": "\u{AD}", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’",
        "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹",
        "rsaquo": "›", "middot": "·", "bull": "•", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "minus": "−", "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈", "infin": "∞",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³", "micro": "µ", "para": "¶",
        "sect": "§", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "dagger": "†", "Dagger": "‡", "larr": "←",
        "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐", "hArr": "⇔", "alpha": "α",
        "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ", "lambda": "λ", "mu": "μ", "pi": "π",
        "sigma": "σ", "tau": "τ", "phi": "φ", "omega": "ω", "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω", "eacute": "é",
        "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "ouml": "ö",
        "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ",
        "oacute": "ó", "iacute": "í", "uacute": "ú", "oslash": "ø", "aring": "å", "aelig": "æ", "iexcl": "¡",
        "iquest": "¿", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]
}
