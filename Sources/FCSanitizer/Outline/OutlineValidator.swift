import FCCore

/// Turns a parsed outline into a ``TopicOutline`` within ``TopicOutline/Limits``.
///
/// Strict (an edited file): canonical keys only, and the first problem is an error with its path. Lenient (a
/// model's reply): key aliases accepted (`title`, `description`, …), whitespace collapsed, and what cannot be used
/// is dropped — unnamed or repeated subtopics, unknown or repeated levels, subtopics past the limit — as long as
/// enough is left; too little left is an error, so a garbage outline is never used silently.
struct OutlineValidator {
    let strict: Bool

    static let topKeys = ["subtopics", "outline", "topics", "sections"]
    static let nameKeys = ["name", "title", "subtopic", "topic"]
    static let levelsKeys = ["levels", "depths", "steps"]
    static let levelKeys = ["level", "depth"]
    static let focusKeys = ["focus", "description", "summary"]
    static let levelAliases: [String: DepthLevel] = [
        "beginner": .foundational, "basic": .foundational, "basics": .foundational, "introductory": .foundational,
        "foundation": .foundational, "medium": .intermediate, "advance": .advanced, "specialist": .expert,
    ]

    func outline(from value: ParsedJSON) throws(OutlineProblem) -> TopicOutline {
        let list: [ParsedJSON]
        switch value {
        case .object(let members, _):
            let keys = strict ? ["subtopics"] : Self.topKeys
            try checkKeys(members, allowed: ["subtopics"], path: "the top level")
            guard case .array(let items, _)? = first(keys, in: members) else {
                throw OutlineProblem("the top level has no \"subtopics\" array")
            }
            list = items
        case .array(let items, _) where !strict:
            list = items
        default:
            throw OutlineProblem("the top level must be an object with a \"subtopics\" array")
        }
        var subtopics: [TopicOutline.Subtopic] = []
        var names = Set<String>()
        for (index, item) in list.enumerated() {
            let path = "subtopics[\(index)]"
            guard let subtopic = try subtopic(item, path: path) else { continue }
            guard names.insert(subtopic.name.lowercased()).inserted else {
                if strict { throw OutlineProblem("\(path).name: \"\(subtopic.name)\" appears twice") }
                continue
            }
            subtopics.append(subtopic)
        }
        let limits = TopicOutline.Limits.subtopics
        if subtopics.count > limits.upperBound {
            if strict {
                throw OutlineProblem("\(Plural.count(subtopics.count, "subtopic")); at most \(limits.upperBound)")
            }
            subtopics = Array(subtopics.prefix(limits.upperBound))
        }
        guard subtopics.count >= limits.lowerBound else {
            throw OutlineProblem(
                "\(Plural.count(subtopics.count, "usable subtopic")) of \(list.count); an outline needs at least \(limits.lowerBound)"
            )
        }
        return TopicOutline(subtopics: subtopics)
    }

    /// One subtopic, or `nil` (lenient) when it cannot be used.
    private func subtopic(_ value: ParsedJSON, path: String) throws(OutlineProblem) -> TopicOutline.Subtopic? {
        guard case .object(let members, _) = value else { return try reject("\(path): not an object") }
        try checkKeys(members, allowed: ["name", "levels"], path: path)
        guard case .string(let raw)? = first(strict ? ["name"] : Self.nameKeys, in: members) else {
            return try reject("\(path).name: missing or not a string")
        }
        var name = collapse(raw)
        guard !name.isEmpty, !name.unicodeScalars.contains(where: ControlCharacters.contains) else {
            return try reject("\(path).name: empty or holds control characters")
        }
        if name.count > TopicOutline.Limits.nameLength {
            if strict { throw OutlineProblem("\(path).name: longer than \(TopicOutline.Limits.nameLength) characters") }
            name = String(name.prefix(TopicOutline.Limits.nameLength))
        }
        guard case .array(let items, _)? = first(strict ? ["levels"] : Self.levelsKeys, in: members) else {
            return try reject("\(path).levels: missing or not an array")
        }
        var levels: [TopicOutline.Level] = []
        for (index, item) in items.enumerated() {
            guard let level = try level(item, path: "\(path).levels[\(index)]") else { continue }
            if let last = levels.last, last.depth.rank >= level.depth.rank {
                if strict {
                    throw OutlineProblem(
                        "\(path).levels[\(index)].level: \(level.depth.rawValue) after \(last.depth.rawValue); "
                            + "levels go foundational, intermediate, advanced, expert, each once")
                }
                guard !levels.contains(where: { $0.depth == level.depth }) else { continue }
                levels.append(level)
                levels.sort { $0.depth.rank < $1.depth.rank }
                continue
            }
            levels.append(level)
        }
        guard !levels.isEmpty else { return try reject("\(path).levels: no level") }
        return TopicOutline.Subtopic(name: name, levels: levels)
    }

    private func level(_ value: ParsedJSON, path: String) throws(OutlineProblem) -> TopicOutline.Level? {
        var levelName: String
        var focus = ""
        switch value {
        case .string(let text) where !strict:
            levelName = text
        case .object(let members, _):
            try checkKeys(members, allowed: ["level", "focus"], path: path)
            guard case .string(let text)? = first(strict ? ["level"] : Self.levelKeys, in: members) else {
                return try reject("\(path).level: missing or not a string")
            }
            levelName = text
            switch first(strict ? ["focus"] : Self.focusKeys, in: members) {
            case .string(let text)?: focus = collapse(text)
            case nil, .null?: break
            default: return try reject("\(path).focus: not a string")
            }
        default:
            return try reject("\(path): not an object")
        }
        levelName = collapse(levelName).lowercased()
        guard let depth = DepthLevel(rawValue: levelName) ?? (strict ? nil : Self.levelAliases[levelName]) else {
            return try reject(
                "\(path).level: \"\(levelName)\" is not one of foundational, intermediate, advanced, expert")
        }
        if focus.count > TopicOutline.Limits.focusLength {
            if strict {
                throw OutlineProblem("\(path).focus: longer than \(TopicOutline.Limits.focusLength) characters")
            }
            focus = String(focus.prefix(TopicOutline.Limits.focusLength))
        }
        focus = String(focus.unicodeScalars.filter { !ControlCharacters.contains($0) })
        return TopicOutline.Level(depth: depth, focus: focus)
    }

    /// Strict: the error; lenient: `nil`, so the caller skips the value.
    private func reject<T>(_ message: String) throws(OutlineProblem) -> T? {
        if strict { throw OutlineProblem(message) }
        return nil
    }

    /// Strict mode refuses keys it does not know, so a typo (`"levles"`) is not silently ignored.
    private func checkKeys(_ members: [ParsedJSON.Member], allowed: Set<String>, path: String) throws(OutlineProblem) {
        guard strict else { return }
        var seen = Set<String>()
        for member in members {
            guard allowed.contains(member.key) else {
                throw OutlineProblem(
                    "\(path): unknown key \"\(member.key)\" (expected \(allowed.sorted().joined(separator: ", ")))")
            }
            guard seen.insert(member.key).inserted else { throw OutlineProblem("\(path): key \"\(member.key)\" twice") }
        }
    }

    private func first(_ keys: [String], in members: [ParsedJSON.Member]) -> ParsedJSON? {
        for key in keys {
            if let member = members.first(where: { $0.key.lowercased() == key }) { return member.value }
        }
        return nil
    }

    private func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
