package import FCGenerator

/// How a pipeline prices its requests: the price table, and what it takes to estimate a request's worst case
/// before it is sent.
///
/// The worst case of a request is its prompt at ``charactersPerToken`` characters per token, plus the full
/// `max_output_tokens` the request allows. Three characters per token overestimates English (about four) and
/// most languages' tokenizers, so the estimate errs on the side of stopping early.
package struct Pricing: Sendable {
    /// Characters of prompt counted as one input token in an estimate.
    package static let charactersPerToken = 3

    package var prices: PriceTable
    /// The model requested (the estimate's price).
    package var model: String
    /// `max_output_tokens`: the most a reply may hold.
    package var maxOutputTokens: Int

    package init(prices: PriceTable = PriceTable(), model: String = "", maxOutputTokens: Int = 4096) {
        self.prices = prices
        self.model = model
        self.maxOutputTokens = maxOutputTokens
    }

    /// The worst-case cost of sending `prompt`; `nil` when the model has no price.
    package func estimate(_ prompt: Prompt) -> Double? {
        guard let price = prices.price(for: model) else { return nil }
        let characters = prompt.system.unicodeScalars.count + prompt.user.unicodeScalars.count
        let input = (characters + Self.charactersPerToken - 1) / Self.charactersPerToken
        return price.cost(input: input, output: maxOutputTokens)
    }

    /// What a reply cost: from the usage the provider reported and the model that answered. A reply without usage
    /// is counted at its worst-case `estimate`, so a budget never undercounts it; `nil` when nothing is priced.
    package func cost(of completion: Completion, estimate: Double?) -> Double? {
        let model = completion.model.isEmpty ? self.model : completion.model
        return prices.cost(model: model, usage: completion.usage)
            ?? prices.cost(model: self.model, usage: completion.usage) ?? estimate
    }
}
