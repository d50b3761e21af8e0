import ArgumentParser

@main
struct FCGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fcgen", abstract: "Generate flashcards with an LLM.")
    func run() async throws {}
}
