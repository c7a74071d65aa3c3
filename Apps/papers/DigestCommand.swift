import AppSupport
import ArgumentParser
import Core
import Foundation
import PapersEntity
import PapersFactory
import PapersPresenter

/// `papers digest`: what is new in the library since the last digest, per watch.
struct DigestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest", abstract: "Show what is new since the last digest, per saved search, best match first.",
        discussion: """
            New means the paper, or a new version of it, entered the library since the last digest \
            (by import, harvest, new, search or show), as the library recorded it. Each paper is listed \
            once, under the first watch it matches. A watch by meaning needs the embedding model \
            (--model), and the digest embeds the new papers in its categories that have no vector yet. \
            Favourites with a version newer than the one they \
            were marked at are listed too. Once the digest is written and flushed, its mark moves on \
            (never back, whatever another digest did meanwhile); output that could not be written \
            (a full disk, a closed pipe) leaves the mark and exits 74. --peek and --since leave it. \
            When --fetch fails, the digest still shows what the library holds, the failure is said \
            on standard error (naming the watch when one is at fault) and the exit status is the \
            failure's.

            Examples:
              papers digest
              papers digest --fetch --format atom > ~/digest.xml
              papers digest --since 2026-11-01 --format markdown
            """)

    @Flag(help: "Show the digest without moving its mark.")
    var peek = false

    @Option(
        help: ArgumentHelp("Show what is new since this day (UTC), without moving the mark.", valueName: "YYYY-MM-DD"))
    var since: String?

    @Flag(help: "First fetch the day's announcements in the watches' categories (one request, arXiv's 3-second rule).")
    var fetch = false

    @Option(help: "Output format: text, plain, json, markdown or atom (a feed any reader can subscribe to).")
    var format: DigestFormat = .text

    @OptionGroup var library: LibraryOption

    @OptionGroup var feed: FeedOption

    @OptionGroup var model: ModelOption

    func run() async throws {
        let (peek, since, fetch, format, library, feed, model) = (peek, since, fetch, format, library, feed, model)
        try await ErrorWording.reporter.run { @MainActor in
            let from = try since.map { try Self.day($0) }
            let databaseURL = try library.url()
            // Loaded only if a watch is by meaning.
            let modelFolder = try model.folder()
            let feature: PapersFeature
            if fetch {
                feature = try PapersFactory.live(
                    databaseURL: databaseURL, rssURL: try feed.url(), timeouts: try Timeouts.resolve(),
                    onRetry: RetryNotice.live.show, modelFolder: modelFolder)
            } else {
                feature = try PapersFactory.offline(databaseURL: databaseURL, modelFolder: modelFolder)
            }
            let presenter = feature.makeDigestPresenter()
            await presenter.loadDigest(since: from, fetch: fetch)
            let data = try presenter.digest.result()
            // The mark moves only once the digest arrived whole: written and flushed (`StandardOutput`).
            try StandardOutput.writeLine(try DigestViews.digest(data, as: format, terminal: .live))
            try StandardOutput.finish()
            if !peek, from == nil { try await presenter.markRead() }
            if let failure = presenter.fetchFailure {
                throw MessageError(
                    failure.error.kind,
                    "--fetch failed, so the digest shows only what the library held: "
                        + ErrorWording.reporter.message(for: failure))
            }
        }
    }

    /// arXiv's first day: nothing in a library is older, so a digest since before it is a typo.
    static let firstDay = "1991-08-14"

    /// `YYYY-MM-DD` as midnight UTC, from arXiv's first day to `now`.
    static func day(_ text: String, now: Date = Date()) throws -> Date {
        guard let date = HarvestDay.date(text) else { throw PapersError.notADate(text) }
        guard let first = HarvestDay.date(firstDay), date >= first, date <= now else {
            throw MessageError.usage(
                "--since \(Quote.quoted(text)) is outside arXiv's days; give a day from \(firstDay) to today")
        }
        return date
    }
}

/// The formats a digest prints in.
enum DigestFormat: String, ExpressibleByArgument, CaseIterable {
    case text, plain, json, markdown, atom
}
