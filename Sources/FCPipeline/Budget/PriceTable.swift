public import FCCore

/// What a model costs, in US dollars per million tokens.
public struct ModelPrice: Sendable, Equatable {
    public var inputPerMillion: Double
    public var outputPerMillion: Double

    public init(inputPerMillion: Double, outputPerMillion: Double) {
        self.inputPerMillion = inputPerMillion
        self.outputPerMillion = outputPerMillion
    }

    /// The cost of `input` prompt tokens and `output` completion tokens.
    public func cost(input: Int, output: Int) -> Double {
        (Double(input) * inputPerMillion + Double(output) * outputPerMillion) / 1_000_000
    }
}

/// The config's `prices`: per model, what it costs. fcgen ships no prices (they change, and differ between
/// accounts and endpoints): a model without one has an unknown cost, shown as such, and a budget on it is refused
/// with the model's name.
///
/// ```json
/// "prices": {"gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.60}}
/// ```
public struct PriceTable: Sendable, Equatable {
    public var models: [String: ModelPrice]

    public init(_ models: [String: ModelPrice] = [:]) { self.models = models }

    /// The price of `model`: its own entry, else the longest entry the name starts with followed by `-` (a provider
    /// answers `gpt-4o-mini-2024-07-18` for `gpt-4o-mini`).
    public func price(for model: String) -> ModelPrice? {
        if let exact = models[model] { return exact }
        return models.filter { model.hasPrefix($0.key + "-") }.max { $0.key.count < $1.key.count }?.value
    }

    /// What a request with this reported usage cost; `nil` when the model has no price or a count is missing.
    public func cost(model: String, usage: TokenUsage) -> Double? {
        guard let price = price(for: model), let input = usage.input, let output = usage.output else { return nil }
        return price.cost(input: input, output: output)
    }

    /// This table with `lower`'s entries for the models it does not price (a flag or variable over the file).
    public func overlaying(_ lower: PriceTable) -> PriceTable {
        PriceTable(models.merging(lower.models) { mine, _ in mine })
    }
}
