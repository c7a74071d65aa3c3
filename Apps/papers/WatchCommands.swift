import AppSupport
import ArgumentParser
import Core
import PapersFactory
import PapersPresenter

/// `papers watch`: saved searches, which `papers digest` lists what is new for.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Save, list and remove the searches `papers digest` watches.",
        discussion: """
            Examples:
              papers watch add 'ti:"neural network" AND au:hinton' --name hinton
              papers watch add 'graph neural' --category cs.LG --category stat.ML
              papers watch list
              papers watch remove hinton
            """,
        subcommands: [WatchAdd.self, WatchList.self, WatchRemove.self])
}

/// `papers watch add`: save a search.
struct WatchAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Save a search; a query that does not parse is refused here, with its column.",
        discussion: "Example: papers watch add 'au:maestro helium' --name helium --category cond-mat")

    @Argument(help: "The query: words, \"phrases\", ti:, au:, abs:, cat:, AND, OR, ANDNOT, parentheses.")
    var query: String

    @Option(help: "The watch's name in the digest (default: the query).")
    var name: String?

    @Option(help: "A category or archive the papers must be in; repeat for several (any of them).")
    var category: [String] = []

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (query, name, categories) = (query, name, category)
        try await options.runWatches { await $0.addWatch(query: query, name: name, categories: categories) }
    }
}

/// `papers watch list`: the saved searches.
struct WatchList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the saved searches, in the order the digest shows them.",
        discussion: "Example: papers watch list --format plain")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await options.runWatches(access: .readOnly) { await $0.loadWatches() }
    }
}

/// `papers watch remove`: forget a saved search.
struct WatchRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a saved search (the papers stay in the library).",
        discussion: "Example: papers watch remove helium")

    @Argument(help: "The watch's name, as `papers watch list` shows it.")
    var name: String

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let name = name
        try await options.runWatches { await $0.removeWatch(named: name) }
    }
}

extension CommonOptions {
    /// Runs one action of the digest presenter on the library and prints the watches it leaves.
    func runWatches(
        access: StorageAccess = .readWrite, _ action: @escaping @MainActor (DigestPresenter) async -> Void
    ) async throws {
        let options = self
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try options.feature(access: access).makeDigestPresenter()
            await action(presenter)
            try DigestViews.watches(presenter.watches.result()).print(as: options.format)
        }
    }
}
