import FCCore
import FCPipeline
import Foundation
import Testing

/// The config's `prices` and `daily_budget`: read strictly, refused with the key path, layered like the rest.
struct PriceConfigTests {
    private func parse(_ text: String) throws -> ConfigLayer {
        try ConfigLayer.parse(Data(text.utf8), file: "config.json")
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func pricesAreReadPerModel() throws {
        let layer = try parse(
            #"""
            {"prices": {"//": "examples", "gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.6},
                        "local": {"input_per_million": 0, "output_per_million": 0}},
             "daily_budget": 2.5}
            """#)
        let prices = try #require(layer.prices)
        #expect(prices.models.count == 2)
        #expect(prices.price(for: "gpt-4o-mini") == ModelPrice(inputPerMillion: 0.15, outputPerMillion: 0.6))
        // A dated version the provider answers with takes its family's price; another family does not.
        #expect(prices.price(for: "gpt-4o-mini-2024-07-18") == prices.price(for: "gpt-4o-mini"))
        #expect(prices.price(for: "gpt-4o") == nil)
        #expect(prices.cost(model: "gpt-4o-mini", usage: TokenUsage(input: 1_000_000, output: 2_000_000)) == 1.35)
        #expect(prices.cost(model: "gpt-4o-mini", usage: TokenUsage(input: 10)) == nil, "no output count: unknown")
        #expect(layer.dailyBudget == 2.5)
    }

    @Test(arguments: [
        (
            #"{"prices": {"m": {"input_per_million": -1, "output_per_million": 1}}}"#,
            #"config.json: key "prices.m.input_per_million": expected US dollars per million tokens, a number ≥ 0, got -1"#
        ),
        (
            #"{"prices": {"m": {"input_per_million": "cheap", "output_per_million": 1}}}"#,
            #"key "prices.m.input_per_million": expected US dollars per million tokens, a number ≥ 0, got "cheap""#
        ),
        (
            #"{"prices": {"m": {"input_per_million": 1e999, "output_per_million": 1}}}"#,
            #"key "prices.m.input_per_million""#
        ),
        (#"{"prices": {"m": {"input_per_million": 1}}}"#, #"key "prices.m.output_per_million": missing"#),
        (#"{"prices": {"m": {"input": 1}}}"#, #"key "prices.m.input": unknown field"#),
        (#"{"prices": {"m": 0.15}}"#, #"key "prices.m": expected {"input_per_million""#),
        (#"{"prices": [1]}"#, #"key "prices": expected an object of models"#),
        (
            #"{"daily_budget": 0}"#,
            #"key "daily_budget": expected a number of US dollars greater than 0, at most 1000000, got 0"#
        ),
        (#"{"daily_budget": 1e308}"#, #"key "daily_budget": expected a number of US dollars greater than 0"#),
        (#"{"daily_budget": -2}"#, #"key "daily_budget": expected a number of US dollars greater than 0"#),
    ])
    func badPricesAndBudgetsNameTheirKey(_ text: String, _ expected: String) {
        let message = refusal(text)
        #expect(message?.contains(expected) == true, "\(message ?? "accepted")")
    }

    @Test func theEnvironmentPricesAModelAndTheFileKeepsTheOthers() throws {
        let file = try parse(
            #"""
            {"prices": {"a": {"input_per_million": 1, "output_per_million": 2},
                        "b": {"input_per_million": 3, "output_per_million": 4}}}
            """#)
        let environment = try ConfigLayer.fromEnvironment([
            "FCGEN_PRICES": #"{"a": {"input_per_million": 10, "output_per_million": 20}}"#,
            "FCGEN_DAILY_BUDGET": "7",
        ])
        let merged = try #require(environment.overlaying(file).prices)
        #expect(merged.price(for: "a")?.inputPerMillion == 10)
        #expect(merged.price(for: "b")?.inputPerMillion == 3)
        #expect(environment.dailyBudget == 7)
        #expect(throws: PipelineError.self) { try ConfigLayer.fromEnvironment(["FCGEN_PRICES": "{"]) }
        #expect(throws: PipelineError.self) { try ConfigLayer.fromEnvironment(["FCGEN_DAILY_BUDGET": "0"]) }
    }
}
