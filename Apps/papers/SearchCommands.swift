import AppSupport
import ArgumentParser
import Core
import PapersEntity
import PapersPresenter
import TerminalUI

/// `papers search`: query arXiv and save the results.
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search arXiv and save the results in the library.",
        discussion: """
            QUERY is plain words (all must match) or the API's syntax: au:maestro AND ti:\"phase transition\", OR, ANDNOT, parentheses.

            Example: papers search \"quantum error correction\" --limit 200 --sort submitted
            """
    )

    @Argument(help: "What to search for.")
    var query: [String]

    @Option(help: "The field for words without a prefix: all, ti, au, abs, co, jr, cat, rn or id.")
    var field: SearchField = .all

    @Option(help: "Order: relevance, updated or submitted.")
    var sort: SortOption = .relevance

    @Option(help: "Direction: asc or desc.")
    var order: OrderOption = .desc

    @Option(parsing: .unconditional, help: "How many results to fetch (1 to 30,000; pages of 2,000).")
    var limit = 20

    @OptionGroup var options: CommonOptions

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let (text, field, sort, order, limit) = (query.joined(separator: " "), field, sort, order, limit)
        let (options, network) = (options, network)
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try network.feature(options).makePaperListPresenter()
            let bar = ProgressBar(label: "fetching", environment: .live)
            await presenter.search(text, field: field, sortBy: sort.sortBy, sortOrder: order.direction, limit: limit) {
                bar.update(done: $0, total: $1)
            }
            bar.finish()
            try Views.list(presenter.state.result()).print(as: options.format)
        }
    }
}

/// `papers latest`: the newest submissions in a category.
struct Latest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latest", abstract: "List the newest submissions in a category and save them.",
        discussion: "Example: papers latest --category hep-th --limit 50")

    @Option(help: "The arXiv category, such as cs.LG or hep-th.")
    var category = "cs.LG"

    @Option(parsing: .unconditional, help: "How many papers to fetch (1 to 30,000).")
    var limit = 20

    @OptionGroup var options: CommonOptions

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let (category, limit) = (category, limit)
        let (options, network) = (options, network)
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try network.feature(options).makePaperListPresenter()
            let bar = ProgressBar(label: "fetching", environment: .live)
            await presenter.latest(category: category, limit: limit) { bar.update(done: $0, total: $1) }
            bar.finish()
            try Views.list(presenter.state.result()).print(as: options.format)
        }
    }
}
