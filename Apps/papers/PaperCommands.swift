import ArgumentParser
import Core
import PapersPresenter

/// `papers show`: one paper in full.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a paper: from the library, else from arXiv (and save it).")

    @Argument(help: "An arXiv id: 2401.12345, 2401.12345v2, hep-th/9901001, or an abs/pdf URL.")
    var id: String

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let id = id
        try await options.runDetail { await $0.show(id) }
    }
}

/// `papers fav`: mark a favourite.
struct Fav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fav", abstract: "Mark a paper as a favourite (fetching it if the library lacks it).")

    @Argument(help: "An arXiv id.")
    var id: String

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let id = id
        try await options.runDetail { await $0.favourite(id) }
    }
}

/// `papers unfav`: remove a favourite mark.
struct Unfav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfav", abstract: "Remove a paper from the favourites (it stays in the library).")

    @Argument(help: "An arXiv id.")
    var id: String

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let id = id
        try await options.runDetail { await $0.unfavourite(id) }
    }
}

/// `papers favorites`: the favourites.
struct Favorites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "favorites", abstract: "List the favourites, most recently marked first.")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await options.run { feature, renderer in
            let presenter = feature.listPresenter()
            await presenter.favourites()
            if let data = presenter.state.value { try renderer.list(data) }
            return presenter.failure
        }
    }
}

/// `papers bibtex`: BibTeX entries.
struct Bibtex: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bibtex", abstract: "Print BibTeX entries for papers (fetching the ones the library lacks).")

    @Argument(help: "One or more arXiv ids.")
    var ids: [String]

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let ids = ids
        try await options.run { feature, renderer in
            let presenter = feature.libraryPresenter()
            await presenter.exportBibTeX(ids)
            if let data = presenter.bibTeX.value { try renderer.bibTeX(data) }
            return presenter.failure
        }
    }
}

extension CommonOptions {
    /// Runs one action of the detail presenter and renders the paper it loaded (show, fav, unfav).
    func runDetail(_ action: @escaping @MainActor (PaperDetailPresenter) async -> Void) async throws {
        try await run { feature, renderer in
            let presenter = feature.detailPresenter()
            await action(presenter)
            if let data = presenter.state.value { try renderer.detail(data) }
            return presenter.failure
        }
    }
}
