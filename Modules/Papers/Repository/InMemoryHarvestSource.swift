import Foundation
import PapersEntity
import Synchronization

/// An OAI-PMH repository in memory, for tests: each request is answered by `respond`, and every request is kept.
public final class InMemoryHarvestSource: HarvestSource {
    public let endpoint: String
    private let respond: @Sendable (ListRecordsRequest) throws -> OAIPage
    private let sets: [HarvestSet]
    private let received = Mutex<[ListRecordsRequest]>([])

    /// Creates a repository answering with `respond` and offering `sets`.
    public init(
        endpoint: String = "memory:oai", sets: [HarvestSet] = [],
        respond: @escaping @Sendable (ListRecordsRequest) throws -> OAIPage
    ) {
        self.endpoint = endpoint
        self.sets = sets
        self.respond = respond
    }

    /// A repository with no records: every list is OAI-PMH's `noRecordsMatch`.
    public static func empty() -> InMemoryHarvestSource {
        InMemoryHarvestSource { _ in
            var response = OAIResponse()
            response.error = ("noRecordsMatch", "no records")
            return OAIPage(records: [], response: response)
        }
    }

    /// The requests so far, in order.
    public var requests: [ListRecordsRequest] { received.withLock { $0 } }

    public func listRecords(_ request: ListRecordsRequest) async throws -> OAIPage {
        received.withLock { $0.append(request) }
        return try respond(request)
    }

    public func listSets() async throws -> [HarvestSet] { sets }
}
