import Foundation
import TestSupport

/// Builds Atom feeds for tests from the recorded entries.
enum Feeds {
    static func fixture(_ name: String) throws -> Data { try FixtureFiles.data("arxiv", name) }

    /// The `<entry>…</entry>` blocks of the 100-entry recording, namespaces declared on its root.
    static func recordedEntries() throws -> [String] {
        let text = String(decoding: try fixture("search-all-testing-100-entries.xml"), as: UTF8.self)
        return text.components(separatedBy: "<entry>").dropFirst().map {
            "<entry>" + $0.components(separatedBy: "</entry>")[0] + "</entry>"
        }
    }

    /// A feed page in today's format holding `entries`.
    static func page(_ entries: [String], total: Int, start: Int) -> Data {
        Data(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
              <id>https://arxiv.org/api/x</id><title>q</title><updated>2026-04-12T22:45:06Z</updated>
              <opensearch:itemsPerPage>\(entries.count)</opensearch:itemsPerPage>
              <opensearch:totalResults>\(total)</opensearch:totalResults>
              <opensearch:startIndex>\(start)</opensearch:startIndex>
              \(entries.joined(separator: "\n"))
            </feed>
            """.utf8)
    }

    /// The query parameters of a request target such as `/api/query?start=0&max_results=2`.
    static func parameters(_ target: String) -> [String: String] {
        let items = URLComponents(string: "http://h" + target)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}
