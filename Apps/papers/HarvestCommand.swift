import AppSupport
import ArgumentParser
import Foundation
import PapersEntity
import PapersFactory
import TerminalUI

extension MetadataFormat: ExpressibleByArgument {}

/// `papers harvest`: arXiv's metadata over OAI-PMH, into the library, resumably and incrementally.
struct Harvest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harvest", abstract: "Harvest arXiv's metadata over OAI-PMH into the library.",
        discussion: """
            Every page is saved with the harvest's state: a harvest that is killed goes on where it \
            stopped, and the next run of the same set asks only for what changed since the last one. \
            Deleted records mark their papers withdrawn. Requests keep 3 s apart, across runs, with the \
            query API's. A record that cannot be read (no arXiv id, title, author or date) is \
            skipped and named on stderr, and the rest stored: the repository's data cannot be fixed \
            here, and stopping would stop every later run at the same page.

            A repository that accepts and never answers is asked 4 times, 60 s of silence each, with \
            3, 6 and 12 s between them, so the harvest gives up after about 4½ minutes (exit 69); an \
            answer may take 180 s in all, so one that trickles in gives up after about 12 minutes. \
            On a terminal each wait is announced. A redirect is a request like any other, 3 s after \
            the last; one back to an address already asked for, or more than 5, ends the run (exit \
            76), as does a resumption token sent twice in one list (what came before it is kept).

            Examples:
              papers harvest --set physics:hep-th --from 2025-01-01
              papers harvest --set cs:cs:AI --metadata-prefix arXiv
            """)

    @Option(help: "The set, such as math, physics:hep-th or cs:cs:AI (default: all of arXiv).")
    var set: String?

    @Option(
        help: ArgumentHelp(
            "Records changed on or after this day, YYYY-MM-DD (default: since the set's last harvest, else all).",
            valueName: "date"))
    var from: String?

    @Option(
        name: .customLong("metadata-prefix"),
        help: "arXivRaw (every version with its date and size) or arXiv (authors split into keyname and forenames).")
    var metadataPrefix: MetadataFormat = .arXivRaw

    @Option(
        name: .customLong("oai-url"),
        help: ArgumentHelp(
            "The OAI-PMH repository (default: $STRATA_ARXIV_OAI_URL, else https://oaipmh.arxiv.org/oai).",
            valueName: "url"))
    var oaiURL: String?

    @OptionGroup var options: CommonOptions

    /// The environment variable that names the repository.
    static let oaiURLVariable = "STRATA_ARXIV_OAI_URL"

    func run() async throws {
        let (set, from, format, options) = (set, from, metadataPrefix, options)
        let option = oaiURL
        try await ErrorWording.reporter.run { @MainActor in
            let oaiURL = try Endpoint.resolve(
                option, flag: "--oai-url", variable: Self.oaiURLVariable, fallback: PapersFactory.defaultOAIURL)
            let feature = try PapersFactory.live(
                databaseURL: try DatabasePath.resolve(app: "papers", option: options.db), oaiURL: oaiURL,
                timeouts: try Timeouts.resolve(), onRetry: RetryNotice.live.show)
            let presenter = feature.makeLibraryPresenter()
            let line = ProgressBar(label: "harvesting", environment: .live)
            await presenter.harvest(set: set, from: from, format: format) { line.show(Headings.harvestProgress($0)) }
            line.finish()
            let result = try presenter.harvestResult.result()
            // Records left out are named one to a line on stderr, so a pipe of the report stays one line.
            for record in result.skipped {
                ErrorOutput.report(line: "papers: warning: " + Headings.skippedRecord(record))
            }
            try Views.harvest(result).print(as: options.format)
        }
    }
}
