import AppSupport
import ArgumentParser
import Core
import PapersPresenter

/// `papers show`: one paper in full.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a paper: from the library, else from arXiv (and save it).",
        discussion: "Example: papers show 1201.4869")

    @Argument(help: "An arXiv id: 2401.12345, 2401.12345v2, hep-th/9901001, or an abs/pdf URL.")
    var id: String

    @OptionGroup var options: CommonOptions

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let id = id
        try await options.runDetail(network: network) { await $0.show(id) }
    }
}

/// `papers fav`: mark a favourite.
struct Fav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav", abstract: "Mark a paper as a favourite (fetching it if the library lacks it).",
        discussion: "Example: papers fav 1201.4869")

    @Argument(help: "An arXiv id.")
    var id: String

    @OptionGroup var options: CommonOptions

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let id = id
        try await options.runDetail(network: network) { await $0.favourite(id) }
    }
}

/// `papers unfav`: remove a favourite mark.
struct Unfav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfav", abstract: "Remove a paper from the favourites (it stays in the library).",
        discussion: "Example: papers unfav 1201.4869")

    @Argument(help: "An arXiv id.")
    var id: String

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let id = id
        try await options.runDetail(network: nil) { await $0.unfavourite(id) }
    }
}

/// `papers favorites`: the favourites.
struct Favorites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: "List the favourites, most recently marked first.",
        discussion: "Example: papers favorites --format plain")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let options = options
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try options.feature(access: .readOnly).makePaperListPresenter()
            await presenter.favourites()
            try Views.list(presenter.state.result()).print(as: options.format)
        }
    }
}

/// `papers bibtex`: BibTeX entries.
struct Bibtex: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bibtex", abstract: "Print BibTeX entries for papers (fetching the ones the library lacks).",
        discussion: "Example: papers bibtex 1201.4869 cond-mat/0412498 > refs.bib")

    @Argument(help: "One or more arXiv ids.")
    var ids: [String]

    @OptionGroup var options: CommonOptions

    @OptionGroup var network: NetworkOptions

    func run() async throws {
        let (ids, options, network) = (ids, options, network)
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try network.feature(options).makeLibraryPresenter()
            await presenter.exportBibTeX(ids)
            try Views.bibTeX(presenter.bibTeX.result()).print(as: options.format)
        }
    }
}

extension CommonOptions {
    /// Runs one action of the detail presenter and renders the paper it loaded (show, fav, unfav);
    /// `network` is `nil` for an action that only needs the library.
    func runDetail(network: NetworkOptions?, _ action: @escaping @MainActor (PaperDetailPresenter) async -> Void)
        async throws
    {
        let options = self
        try await ErrorWording.reporter.run { @MainActor in
            let feature = try network.map { try $0.feature(options) } ?? options.feature()
            let presenter = feature.makePaperDetailPresenter()
            await action(presenter)
            try Views.detail(presenter.state.result()).print(as: options.format)
        }
    }
}
