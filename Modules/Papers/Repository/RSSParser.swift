import Foundation
import PapersEntity

/// Reads arXiv's daily announcement feeds (rss.arxiv.org, the 2024 format) with libxml2's SAX2 push parser.
///
/// An empty channel is a day without announcements (weekends and holidays); a channel whose
/// description says "Bad archive" is arXiv's answer to an unknown archive, thrown as
/// `PapersError.badArchive` with the archives it lists.
public struct RSSParser: Sendable {
    /// How many bytes are handed to libxml2 at a time.
    public let chunkSize: Int

    public init(chunkSize: Int = 256 << 10) {
        self.chunkSize = max(1, chunkSize)
    }

    /// Parses a feed held in memory.
    ///
    /// - Throws: `PapersError.badArchive`, or `.badFeed` for anything that is not such a feed.
    public func feed(_ data: Data, source: String) throws -> AnnouncementFeed {
        var announcements: [Announcement] = []
        let state = try RSSReader.parse(data, source: source, chunkSize: chunkSize) { announcements.append($0) }
        if let (name, valid) = Self.badArchive(state.channelDescription) {
            throw PapersError.badArchive(name, valid: valid)
        }
        return AnnouncementFeed(announcements: announcements, day: state.day)
    }

    /// The archive and the valid ones from `Bad archive 'astroph'. Valid archive names are: astro-ph, cs, ….`
    static func badArchive(_ description: String) -> (String, [String])? {
        guard description.hasPrefix("Bad archive") else { return nil }
        let quoted = description.split(separator: "'", omittingEmptySubsequences: false)
        let name = quoted.count > 2 ? String(quoted[1]) : ""
        let valid = description.range(of: "are: ").map { range in
            description[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return (name, valid ?? [])
    }
}

/// A day's announcements, in the feed's order.
public struct AnnouncementFeed: Sendable, Equatable {
    public var announcements: [Announcement]
    /// The announcement day (the channel's `pubDate`), when the feed says.
    public var day: Date?

    public init(announcements: [Announcement], day: Date?) {
        self.announcements = announcements
        self.day = day
    }
}
