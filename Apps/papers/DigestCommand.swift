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
            once, under the first watch it matches. Favourites with a version newer than the one they \
            were marked at are listed too. After printing, the digest's mark moves on; --peek and \
            --since leave it.

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

    func run() async throws {
        let (peek, since, fetch, format, library, feed) = (peek, since, fetch, format, library, feed)
        try await ErrorWording.reporter.run { @MainActor in
            let from = try since.map(Self.day)
            let databaseURL = try library.url()
            let feature: PapersFeature
            if fetch {
                feature = try PapersFactory.live(
                    databaseURL: databaseURL, rssURL: try feed.url(), timeouts: try Timeouts.resolve(),
                    onRetry: RetryNotice.live.show)
            } else {
                feature = try PapersFactory.offline(databaseURL: databaseURL)
            }
            let presenter = feature.makeDigestPresenter()
            await presenter.loadDigest(since: from, fetch: fetch)
            let data = try presenter.digest.result()
            print(try DigestViews.digest(data, as: format, terminal: .live))
            if !peek, from == nil { try await presenter.markRead() }
        }
    }

    /// `YYYY-MM-DD` as midnight UTC.
    static func day(_ text: String) throws -> Date {
        guard let date = HarvestDay.date(text) else { throw PapersError.notADate(text) }
        return date
    }
}

/// The formats a digest prints in.
enum DigestFormat: String, ExpressibleByArgument, CaseIterable {
    case text, plain, json, markdown, atom
}
