import Foundation
import PapersEntity
import Synchronization

/// Reports paging progress: papers fetched so far and papers expected in all.
public typealias FetchProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// What one query fetched: the papers and how many the whole result set has.
public struct FetchResult: Sendable, Equatable {
    /// The papers, in the API's order, at most the query's limit.
    public var papers: [Paper]
    /// Results the API has for the query (may exceed what was fetched).
    public var totalResults: Int

    public init(papers: [Paper], totalResults: Int) {
        self.papers = papers
        self.totalResults = totalResults
    }
}

/// Where papers come from when the library does not have them.
public protocol PaperSource: Sendable {
    /// Fetches every page of `query`, up to its limit, reporting progress after each page.
    func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult
}

/// The source of an offline run: it never opens a connection and says so clearly.
public struct OfflinePaperSource: PaperSource {
    public init() {}

    /// Always throws: an offline run has only the library, so a missing paper is not found and a search is a usage error.
    ///
    /// - Throws: `PapersError.offlineLookup` for ids alone, `.offlineSearch` for a search.
    public func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult {
        if query.expression == nil { throw PapersError.offlineLookup(query.ids.map(\.description)) }
        throw PapersError.offlineSearch
    }
}
