import AppSupport
import ArgumentParser
import Core
import Foundation
import PapersEntity
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
              papers watch add --meaning 'graph neural networks for molecules' --name gnn
              papers watch list
              papers watch remove hinton
            """,
        subcommands: [WatchAdd.self, WatchList.self, WatchRemove.self])
}

/// `papers watch add`: save a search, by words or by meaning.
struct WatchAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Save a search; a query that does not parse is refused here, with its column.",
        discussion: """
            With --meaning the argument is a description in plain words, and the watch lists papers \
            whose title and abstract mean something near it: the cosine of their vectors (from the \
            embedding model) with the description's reaches --threshold. The digest embeds the new \
            papers it needs; `papers library embed` does it ahead.

            Examples:
              papers watch add 'au:maestro helium' --name helium --category cond-mat
              papers watch add --meaning 'graph neural networks for molecules' --name gnn --threshold 0.45
            """)

    @Argument(
        help:
            "The query: words, \"phrases\", ti:, au:, abs:, cat:, AND, OR, ANDNOT, parentheses; with --meaning, a description."
    )
    var query: String

    @Option(help: "The watch's name in the digest (default: the query).")
    var name: String?

    @Option(help: "A category or archive the papers must be in; repeat for several (any of them).")
    var category: [String] = []

    @Flag(help: "Match papers by meaning: the argument is a description, not a query.")
    var meaning = false

    @Option(
        help: ArgumentHelp(
            "With --meaning, the lowest cosine (above 0, at most 1) a paper's vector needs with the description's (default: \(Watch.defaultThreshold)).",
            valueName: "cosine"))
    var threshold: Double?

    @OptionGroup var model: ModelOption

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (query, name, categories, meaning, threshold, model) = (query, name, category, meaning, threshold, model)
        guard meaning else {
            guard threshold == nil else {
                // Refused before the library is opened: a usage error creates nothing.
                return try ErrorWording.reporter.run {
                    throw MessageError.usage("--threshold is for a watch by meaning; add --meaning, or leave it out")
                }
            }
            return try await options.runWatches { await $0.addWatch(query: query, name: name, categories: categories) }
        }
        let cosine = threshold ?? Watch.defaultThreshold
        try await options.runWatches(
            model: { try model.folder() },
            { await $0.addMeaningWatch(description: query, name: name, threshold: cosine, categories: categories) })
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
        access: StorageAccess = .readWrite, model: @escaping @Sendable () throws -> URL? = { nil },
        _ action: @escaping @MainActor (DigestPresenter) async -> Void
    ) async throws {
        let options = self
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try options.feature(access: access, model: model()).makeDigestPresenter()
            await action(presenter)
            try DigestViews.watches(presenter.watches.result()).print(as: options.format)
        }
    }
}
