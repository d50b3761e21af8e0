import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen cards`' filters, the parameters of `GET /v1/topics/{id}/cards` (docs/api.md): every one given must hold.
struct CardFilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only cards whose question, answer or explanation contains this text (A–Z in any case).",
            valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Only cards of this kind.", valueName: "kind"), transform: cardKind)
    var kind: CardKind?

    @Option(
        help: ArgumentHelp(
            "Only cards the learner marked: bookmarked, buried (until tomorrow) or suspended.", valueName: "flag"),
        transform: enumArgument)
    var flag: CardFilter.Flag?

    @Option(help: ArgumentHelp("true: only cards due by the end of the learner's day; false: only the others."))
    var due: Bool?

    @Option(help: ArgumentHelp("true: only the learner's suspended cards; false: only the others."))
    var suspended: Bool?

    /// How many cards each query reads while walking the deck.
    private static let pageSize = 500

    func validate() throws {
        if case .failure(let problem) = search.flatMap(CardFilter.searchText) {
            throw ValidationError("--search \(problem.message)")
        }
    }

    /// Whether no filter was given (the plain listing needs no learner).
    var isEmpty: Bool { search == nil && kind == nil && flag == nil && due == nil && suspended == nil }

    /// The topic's cards that pass the filters, in deck order, for the learner `--user` names: the deck walked a
    /// page at a time with the listing's own query.
    func cards(topicID: Int64, global: GlobalOptions, timeZone: String?) async throws -> [Card] {
        let context = try await StudyContext(global: global, timeZone: timeZone)
        var filter = CardFilter(
            kind: kind, flag: flag, due: due, dueBy: context.day.endOfDay(containing: CommandIO.now()),
            suspended: suspended)
        if case .success(let text) = search.flatMap(CardFilter.searchText) { filter.text = text }
        let (store, userID, chosen) = (context.store, context.user.id, filter)
        var cards: [Card] = []
        var anchor: CardPageAnchor?
        while true {
            let page = try await Cards.page(
                on: store, topicID: topicID, userID: userID, filter: chosen, after: anchor, limit: Self.pageSize)
            cards += page.map(\.details.card)
            guard page.count == Self.pageSize, let last = cards.last else { return cards }
            anchor = CardPageAnchor(cardID: last.id, position: last.position)
        }
    }
}
