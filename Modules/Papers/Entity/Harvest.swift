import Core
import Foundation

/// The OAI-PMH metadata formats a harvest can ask arXiv for.
public enum MetadataFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Every version with its date and size (the default): the only format with the version history.
    case arXivRaw
    /// Authors split into keyname, forenames and suffix; no versions.
    case arXiv
}

/// Which list a harvest follows: a repository, a set (empty for all of it) and a format.
public struct HarvestKey: Sendable, Hashable {
    /// The repository's base URL.
    public var endpoint: String
    /// The set, such as `physics:hep-th`; empty for the whole repository.
    public var set: String
    public var format: MetadataFormat

    public init(endpoint: String, set: String, format: MetadataFormat) {
        self.endpoint = endpoint
        self.set = set
        self.format = format
    }
}

/// Where a harvest stands, saved with every page it stores so a killed run goes on where it stopped.
public struct HarvestState: Sendable, Equatable {
    public var key: HarvestKey
    /// The day (`YYYY-MM-DD`) the current list started from; nil for everything.
    public var from: String?
    /// The token for the next page of an unfinished list; nil when the last list was complete.
    public var token: String?
    /// Records stored by the current list so far, deleted ones included.
    public var records: Int
    /// Deleted records among them.
    public var deleted: Int
    /// Pages stored by the current list so far.
    public var pages: Int
    /// When the repository answered the last page of the last complete list: the next run starts from its day.
    public var lastResponse: Date?

    public init(
        key: HarvestKey, from: String? = nil, token: String? = nil, records: Int = 0, deleted: Int = 0,
        pages: Int = 0, lastResponse: Date? = nil
    ) {
        self.key = key
        self.from = from
        self.token = token
        self.records = records
        self.deleted = deleted
        self.pages = pages
        self.lastResponse = lastResponse
    }

    /// Whether a list was left unfinished (killed, or failed part-way).
    public var isUnfinished: Bool { token != nil }
}

/// A set an OAI-PMH repository offers: `physics:hep-th`, "High Energy Physics - Theory".
public struct HarvestSet: Sendable, Equatable {
    public var spec: String
    public var name: String

    public init(spec: String, name: String) {
        self.spec = spec
        self.name = name
    }
}

/// The days OAI-PMH's `from` takes: `YYYY-MM-DD`, in UTC.
public enum HarvestDay {
    /// The day `date` falls on in UTC, as `from` takes it: the display day every feature shows.
    public static func string(_ date: Date) -> String { DisplayFormat.day(date) }

    /// Midnight UTC of the day `text` writes as `YYYY-MM-DD`; nil for anything else.
    public static func date(_ text: String) -> Date? {
        guard isValid(text) else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        return Calendar.utc.date(from: components)
    }

    /// Whether `text` is a real day written `YYYY-MM-DD`.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1
        else { return false }
        let lengths = [
            31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        return day <= lengths[month - 1]
    }
}
