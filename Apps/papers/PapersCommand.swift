import ArgumentParser
import Core
import PapersFactory

/// `papers`: search arXiv from the terminal, keep a local library, search it offline.
///
/// Every command names itself (`commandName:`): ArgumentParser otherwise derives the name with
/// `String(describing:)`, a dynamic cast that scans every protocol conformance in the binary
/// once per command, a measurable part of `papers --help`.
@main
struct PapersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "papers",
        abstract: "Search arXiv, keep a local library of papers, and search it offline.",
        discussion: """
            Every paper fetched from arXiv is saved in the library ($XDG_DATA_HOME/strata/papers.sqlite, \
            or --db, or $STRATA_PAPERS_DB). Requests keep 3 s apart, across runs too, as the API's terms ask. \
            Exit codes: 64 usage, 66 not found, 69 network, 76 arXiv API error, 78 bad data, 74 storage.
            """,
        version: StrataVersion.current,
        subcommands: [
            Search.self, Latest.self, Show.self, Fav.self, Unfav.self, Favorites.self,
            Library.self, Import.self, Harvest.self, New.self, Bibtex.self, Doctor.self, WatchCommand.self,
            DigestCommand.self, Similar.self, Export.self, Embed.self, ServeCommand.self,
        ]
    )

    /// Runs the command, first on the best matrix kernels for this processor: OpenBLAS chooses
    /// them as it loads, before any command runs (`PapersFactory.useBestMatrixKernels`).
    static func main() async {
        PapersFactory.useBestMatrixKernels()
        await main(nil)
    }
}
