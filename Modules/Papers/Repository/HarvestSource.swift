import Foundation
import PapersEntity

/// One `ListRecords` request: the start of a list, or its next page by token.
public struct ListRecordsRequest: Sendable, Equatable {
    /// The set (empty for the whole repository) and the format.
    public var set: String
    public var format: MetadataFormat
    /// The day the list starts from; nil for everything.
    public var from: String?
    /// The token of the next page; when given, OAI-PMH takes no other argument.
    public var token: String?

    public init(set: String, format: MetadataFormat, from: String?, token: String?) {
        self.set = set
        self.format = format
        self.from = from
        self.token = token
    }
}

/// An OAI-PMH repository to harvest: arXiv's, or pages in memory for tests.
///
/// Answers come back whole, OAI-PMH errors included (`OAIResponse.error`): what an error means
/// for a harvest (an empty list, a token to give up) is the use case's to decide.
public protocol HarvestSource: Sendable {
    /// The repository's base URL, which names its saved harvests.
    var endpoint: String { get }
    /// One page of a list.
    ///
    /// - Throws: `PapersError.badFeed` for a response that is not OAI-PMH, `.unexpectedStatus`,
    ///   or the HTTP client's errors once its retries (Retry-After honoured) are spent.
    func listRecords(_ request: ListRecordsRequest) async throws -> OAIPage
    /// Every set the repository offers.
    func listSets() async throws -> [HarvestSet]
}

/// No repository: a run that may not use the network. Every request throws `PapersError.offlineHarvest`.
public struct OfflineHarvestSource: HarvestSource {
    public init() {}

    public var endpoint: String { "offline" }

    public func listRecords(_ request: ListRecordsRequest) async throws -> OAIPage { throw PapersError.offlineHarvest }

    public func listSets() async throws -> [HarvestSet] { throw PapersError.offlineHarvest }
}
