import AppSupport
import ArgumentParser
import Foundation
import PapersEntity
import PapersFactory

/// `papers new`: the day's announcements in categories, from arXiv's daily feed, listed and saved.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "List and save the day's announcements in categories, from arXiv's daily feed.",
        discussion: """
            Each paper comes with why it is announced: new, cross (cross-listed), replace (a new \
            version) or replace-cross. The feed is empty on Saturdays, Sundays and holidays.

            Examples:
              papers new cs.LG stat.ML
              papers new hep-th --type new,cross
            """)

    @Argument(help: "Categories or archives, such as cs.LG, stat.ML or hep-th.")
    var categories: [String]

    @Option(help: "The announce types to keep, comma-separated: new, cross, replace, replace-cross (default: all).")
    var type: String?

    @OptionGroup var feed: FeedOption

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (categories, options, type, feed) = (categories, options, type, feed)
        try await ErrorWording.reporter.run { @MainActor in
            let rssURL = try feed.url()
            let types = try type.map(Self.types) ?? Set(AnnounceType.allCases)
            let feature = try PapersFactory.live(
                databaseURL: try DatabasePath.resolve(app: "papers", option: options.db), rssURL: rssURL,
                timeouts: try Timeouts.resolve(), onRetry: RetryNotice.live.show)
            let presenter = feature.makePaperListPresenter()
            await presenter.announcements(categories: categories, types: types)
            try Views.list(presenter.state.result()).print(as: options.format)
        }
    }

    /// `new,cross` as announce types.
    static func types(_ text: String) throws -> Set<AnnounceType> {
        try Set(
            text.split(separator: ",").map { word in
                let name = word.trimmingCharacters(in: .whitespaces)
                guard let type = AnnounceType(rawValue: name) else { throw PapersError.notAnAnnounceType(name) }
                return type
            })
    }
}
