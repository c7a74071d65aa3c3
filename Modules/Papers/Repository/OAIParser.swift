import Foundation
import PapersEntity

/// Reads OAI-PMH responses of arXiv's repository (`ListRecords`, `GetRecord`) in the arXivRaw
/// and arXiv metadata formats, with libxml2's SAX2 push parser, one record at a time.
///
/// arXivRaw carries every version with its date and size and the authors as one line; the
/// arXiv format splits the authors into keyname, forenames and suffix and has no versions.
/// An `<error>` is not thrown here: the response carries it, and the harvester decides
/// (`noRecordsMatch` is an empty list, `badResumptionToken` a list to start again).
public struct OAIParser: Sendable {
    /// The namespace of OAI-PMH's own elements.
    public static let namespace = "http://www.openarchives.org/OAI/2.0/"

    /// How many bytes are handed to libxml2 at a time.
    public let chunkSize: Int

    /// Creates a parser that reads `chunkSize` bytes at a time (tests use tiny chunks to split every token).
    public init(chunkSize: Int = 256 << 10) {
        self.chunkSize = max(1, chunkSize)
    }

    /// Parses a response held in memory (an HTTP body): its records and what it says besides.
    ///
    /// - Throws: `PapersError.badFeed` for anything that is not a well-formed OAI-PMH response,
    ///   or a record without an id, a title, an author or a date.
    ///
    /// - Parameter skipsUnreadable: a record without an id, a title, an author or a date, or in a
    ///   format papers cannot read, is listed in `response.skipped` and the page read on.
    public func page(_ data: Data, source: String, skipsUnreadable: Bool = false) throws -> OAIPage {
        var records: [OAIRecord] = []
        let state = try OAIReader.parse(
            data, source: source, chunkSize: chunkSize, prepare: { $0.skipsUnreadable = skipsUnreadable },
            onItem: { records.append($0) })
        return OAIPage(records: records, response: state.response)
    }

    /// Reads a saved response file in chunks, handing its records to `onRecords` a chunk's worth at a time.
    public func read(fileAt url: URL, onRecords: ([OAIRecord]) async throws -> Void) async throws -> OAIResponse {
        try await OAIReader.read(fileAt: url, chunkSize: chunkSize, onItems: onRecords).response
    }

    /// Reads an open file from where it stands.
    func read(_ file: FeedFile, onRecords: ([OAIRecord]) async throws -> Void) async throws -> OAIResponse {
        try await OAIReader.read(file, chunkSize: chunkSize, onItems: onRecords).response
    }
}

/// One OAI-PMH response: its records, in order, and what it says besides.
public struct OAIPage: Sendable, Equatable {
    public var records: [OAIRecord]
    public var response: OAIResponse

    public init(records: [OAIRecord], response: OAIResponse) {
        self.records = records
        self.response = response
    }

    /// The papers among the records.
    public var papers: [Paper] { records.compactMap(\.paper) }

    /// The ids of the deleted records.
    public var deletedIDs: [String] {
        records.compactMap { record in
            if case .deleted(let id, _) = record { return id }
            return nil
        }
    }

    /// The latest datestamp among the records: how far a harvest has come.
    public var latestDatestamp: Date? {
        records.compactMap { record in
            switch record {
            case .paper(_, let datestamp): datestamp
            case .deleted(_, let datestamp): datestamp
            }
        }
        .max()
    }
}

/// What one OAI-PMH record is: a paper, or the header of a deleted one.
public enum OAIRecord: Sendable, Equatable {
    /// A record with metadata, read into a paper; `datestamp` is the record's last change.
    case paper(Paper, datestamp: Date)
    /// `<header status="deleted">`: arXiv no longer serves the paper with this id.
    case deleted(id: String, datestamp: Date?)

    /// The paper, for a record that has one.
    public var paper: Paper? {
        if case .paper(let paper, _) = self { return paper }
        return nil
    }
}

/// What an OAI-PMH response says besides its records.
public struct OAIResponse: Sendable, Equatable {
    /// When the repository answered (`<responseDate>`): the next incremental harvest starts from its day.
    public var responseDate: Date?
    /// The token for the next page; nil when the list is complete (an empty `<resumptionToken/>` or none).
    public var resumptionToken: String?
    /// `<error code=…>`: the code and the message.
    public var error: (code: String, message: String)?
    /// How many records the response held, deleted ones included.
    public var recordCount = 0
    /// The sets of a `ListSets` response.
    public var sets: [HarvestSet] = []
    /// The records that could not be read, each with what is wrong with it, when the parse was asked to skip them.
    public var skipped: [FeedProblem] = []

    public init() {}

    public static func == (lhs: OAIResponse, rhs: OAIResponse) -> Bool {
        lhs.responseDate == rhs.responseDate && lhs.resumptionToken == rhs.resumptionToken
            && lhs.error?.code == rhs.error?.code && lhs.error?.message == rhs.error?.message
            && lhs.recordCount == rhs.recordCount && lhs.sets == rhs.sets && lhs.skipped == rhs.skipped
    }
}
