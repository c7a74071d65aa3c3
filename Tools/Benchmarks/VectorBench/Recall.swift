import Foundation
import VectorStore

/// How much of exact search's top 10 the int8 scan with float rescoring returns.
enum Recall {
    /// The mean share of each exact top 10 found in the same query's int8 top 10.
    static func at10<Key: Hashable>(_ found: [[Key]], exact: [[Key]]) -> Double {
        let hits = zip(found, exact).map { Set($0.prefix(10)).intersection($1.prefix(10)).count }
        return Double(hits.reduce(0, +)) / Double(max(1, exact.count * 10))
    }

    /// Prints recall@10 on a real store (a library's vectors): up to `queries` stored vectors, each searched
    /// for its neighbours without itself, as `papers similar --by meaning` does.
    static func report(_ url: URL, queries: Int) throws {
        let maker = try VectorFile.maker(at: url)
        let store = try VectorFile.open(at: url, dimensions: maker.dimensions, model: maker.model, access: .readOnly)
        let keys = try store.contentHashes().keys.sorted().filter { !$0.hasPrefix("pad/") }.prefix(queries)
        let vectors = try store.entries(for: Set(keys))
        var found: [[String]] = []
        var exact: [[String]] = []
        for key in keys {
            guard let vector = vectors[key]?.vector else { continue }
            found.append(try store.nearest(to: vector, limit: 10, excluding: [key]).map(\.key))
            exact.append(try store.nearest(to: vector, limit: 10, excluding: [key], exact: true).map(\.key))
        }
        Measure.say(
            String(
                format: "recall@10 of the int8 scan against exact search, %d stored papers of %@ as queries: %.4f",
                found.count, url.lastPathComponent, at10(found, exact: exact)))
    }
}
