import FCCore

/// One generated card, before it is rendered as JSON (or any of the messy shapes models produce).
struct GeneratedCard {
    var kind: CardKind
    var question: String
    var answer: String
    var explanation: String?
}

/// Realistic flashcard text, deterministic for a seed, with a distinct question for every index.
///
/// The subject of card `index` (person, action, thing, place) is `index` written in mixed radix after a fixed
/// permutation, so indexes below ``distinctSubjects`` never share a subject and never share a ``DedupKey``.
/// The wording around it (template, year, explanation) comes from the generator. About one place in twelve has a
/// non-ASCII letter ("Nîmes"), as real topics do, so the store's dedup key takes its slow path now and then.
struct CardTextGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let people = [
        "Julius Caesar", "Augustus", "Cicero", "Hannibal Barca", "Marcus Aurelius", "Trajan", "Hadrian", "Constantine",
        "Nero", "Scipio Africanus", "Pompey", "Crassus", "Cleopatra", "Vercingetorix", "Boudica", "Diocletian", "Sulla",
        "Gaius Marius", "Tiberius Gracchus", "Cato the Elder", "Agrippa", "Livia", "Vespasian", "Titus", "Domitian",
        "Septimius Severus", "Caracalla", "Aurelian", "Theodosius", "Justinian", "Stilicho", "Mark Antony",
    ]
    static let actions = [
        "reform", "defend", "reorganise", "expand", "abolish", "fund", "survey", "rebuild", "tax", "garrison",
        "besiege", "negotiate over", "modernise", "restore", "centralise", "divide", "supply", "protect", "inspect",
        "rename", "enlarge", "fortify", "regulate", "dismantle",
    ]
    static let things = [
        "grain supply", "road network", "coinage", "legions", "aqueducts", "senate", "tax system", "frontier forts",
        "harbour", "temple of Jupiter", "calendar", "law courts", "fleet", "census", "public baths", "granaries",
        "city walls", "treasury", "postal service", "mint", "amphitheatre", "forum", "silver mines", "olive trade",
        "garrison towns", "provincial councils", "water mills", "military roads", "slave markets", "bridges",
        "libraries", "naval bases",
    ]
    static let places = [
        "Gaul", "Britannia", "Egypt", "Hispania", "Dacia", "Judaea", "Sicily", "Carthage", "Syria", "Greece", "Rome",
        "Ostia", "Nîmes", "Pannonia", "Noricum", "Raetia", "Thrace", "Macedonia", "Cyrenaica", "Mauretania",
        "Asia Minor", "Mérida", "Germania Inferior", "Armenia",
    ]

    /// How many indexes get a subject of their own.
    static let distinctSubjects = people.count * actions.count * things.count * places.count

    /// A multiplier coprime with ``distinctSubjects`` (2¹⁶ × 9), so consecutive indexes get unrelated subjects.
    private static let stride = 7_919

    /// The card for `index`; `index` must be below ``distinctSubjects`` for its question to be unique.
    mutating func card(_ index: Int) -> GeneratedCard {
        var digits = (index % Self.distinctSubjects) * Self.stride % Self.distinctSubjects
        func pick(_ list: [String]) -> String {
            defer { digits /= list.count }
            return list[digits % list.count]
        }
        let person = pick(Self.people)
        let action = pick(Self.actions)
        let thing = pick(Self.things)
        let place = pick(Self.places)
        let year = Int.random(in: 200...1_400, using: &random)
        let era = year > 753 ? "AD \(year - 753)" : "\(754 - year) BC"
        let explanation = explanation(person: person, thing: thing, place: place, era: era)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            return GeneratedCard(
                kind: .question, question: "Why did \(person) \(action) the \(thing) of \(place)?",
                answer: "To secure \(place) after a crisis in \(era).", explanation: explanation)
        case 5, 6:
            return GeneratedCard(
                kind: .question, question: "In which year did \(person) \(action) the \(thing) of \(place)?",
                answer: era, explanation: explanation)
        case 7:
            return GeneratedCard(
                kind: .fillblank, question: "In ____, \(person) moved to \(action) the \(thing) of \(place).",
                answer: era, explanation: explanation)
        case 8:
            let isTrue = Bool.random(using: &random)
            return GeneratedCard(
                kind: .truefalse, question: "\(person) tried to \(action) the \(thing) of \(place). True or false?",
                answer: isTrue ? "True" : "False", explanation: explanation)
        default:
            return GeneratedCard(
                kind: .definition, question: "The \(thing) of \(place) under \(person) (\(action))",
                answer: "The way \(person) chose to \(action) the \(thing) of \(place) in \(era).", explanation: nil)
        }
    }

    private mutating func explanation(person: String, thing: String, place: String, era: String) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            "Ancient writers credit \(person) with the change; inscriptions from \(place) confirm it by \(era)."
        case 1:
            "The \(thing) of \(place) had been neglected for decades — \(person)’s reform outlived its author."
        case 2:
            "Coins struck in \(era) show the \(thing), which \(place) kept using for generations."
        default:
            "Historians still debate the motive: revenue, prestige, or the army’s need for the \(thing) of \(place)."
        }
    }
}
