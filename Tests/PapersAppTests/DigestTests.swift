import Core
import Foundation
import TestSupport
import Testing

/// Saved searches and the digest, end to end on the built binary over recorded arXiv data.
@Suite("papers watch and digest")
struct DigestTests {
    let papers = BinaryRunner(product: "papers")

    static let hepTh = FixtureFiles.url("arxiv-oai", "listrecords-arXiv-physics-hep-th-2017-12-14.xml").path
    static let gaugeV1 = FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXiv.xml").path
    static let gaugeV6 = FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml").path
    static let mathPages = (1...3).map {
        FixtureFiles.url("arxiv-oai", "paged2-11-ListRecords-arXiv-set-math-p0\($0).xml").path
    }

    /// A digest's JSON: each section's name and entries, and the favourites apart.
    struct Digest: Decodable {
        struct Entry: Decodable {
            let id: String
            let version: Int
            let title: String
            let reason: String
            let alsoMatches: [String]
            let isFavourite: Bool
            let markedVersion: Int?
        }
        struct Section: Decodable {
            let name: String
            let entries: [Entry]
        }
        struct Data: Decodable {
            let sections: [Section]
            let favourites: [Entry]
            let changed: Int
        }
        let data: Data
        let summary: String
        let emptyMessage: String?

        var entries: [Entry] { data.sections.flatMap(\.entries) + data.favourites }
        func section(_ name: String) -> [Entry] { data.sections.first { $0.name == name }?.entries ?? [] }
    }

    func digest(_ arguments: [String], _ db: [String]) throws -> Digest {
        let result = try papers.run(["digest", "--format", "json"] + arguments + db)
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Digest.self, from: Data(result.stdout.utf8))
    }

    @Test("the morning: watches, a digest, the next day's digest with only what is new, a favourite's new version")
    func morning() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]

        let empty = try papers.run(["digest"] + db)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("the library is empty"))

        let imported = try papers.run(["import", Self.hepTh, Self.gaugeV1] + db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try papers.run(["watch", "add", "ti:quantum", "--name", "quantum"] + db).status == 0)
        let second = try papers.run(["watch", "add", "cat:hep-th OR gravitational", "--name", "gravity"] + db)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("gravity"))
        #expect(try papers.run(["fav", "0806.4129", "--offline"] + db).status == 0)

        // --fetch lists the 2024 RSS day (served on loopback) for the watches' one category, hep-th, first.
        let server = try NewCommandTests.feedServer("rss_mock_feed.xml")
        let rssURL = server.baseURL.appendingPathComponent("rss").absoluteString
        let first = try digest(["--fetch", "--rss-url", rssURL], db)
        #expect(server.requests.map(\.target) == ["/rss/hep-th"])
        let stats = try papers.run(["library", "stats", "--format", "json"] + db)
        let library = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(first.data.changed == library?["papers"] as? Int, "a first digest covers the whole library")
        let ids = first.entries.map(\.id)
        #expect(Set(ids).count == ids.count, "each paper once")
        let quantum = first.section("quantum")
        let gravity = first.section("gravity")
        #expect(quantum.count > 10)
        #expect(quantum.allSatisfy { $0.title.lowercased().contains("quantum") })
        // Under the second watch only what the first does not match; the others say so.
        #expect(!gravity.isEmpty)
        #expect(gravity.allSatisfy { !$0.title.lowercased().contains("quantum") })
        #expect(quantum.contains { $0.alsoMatches == ["gravity"] })
        #expect(gravity.contains { $0.id == "0806.4129" && $0.isFavourite })
        #expect(gravity.contains { $0.id == "1607.01710" }, "a hep-th paper of the OAI page")
        #expect(
            quantum.contains { $0.id == "1507.07790" && $0.alsoMatches == ["gravity"] },
            "hep-th, 'quantum' in its title")
        #expect(first.entries.contains { $0.id == "2411.17701" } == false, "a paper no watch matches is left out")

        let peek = try papers.run(["digest", "--peek", "--format", "json"] + db)
        let again = try papers.run(["digest", "--peek", "--format", "json"] + db)
        #expect(peek.status == 0)
        #expect(peek.stdout == again.stdout, "--peek moves nothing")

        #expect(try papers.run(["digest", "--format", "plain"] + db).status == 0)
        let caughtUp = try digest([], db)
        #expect(caughtUp.entries.isEmpty)
        #expect(caughtUp.emptyMessage?.contains("nothing new for your watches") == true)

        // The next day: a new version of the favourite, and a page of math papers.
        let nextDay = try papers.run(["import", Self.gaugeV6] + Self.mathPages + db)
        #expect(nextDay.status == 0, "\(nextDay.stderr)")
        let next = try digest(["--peek"], db)
        #expect(next.data.changed == 5, "the new version and the four math papers")
        let favourite = try #require(next.entries.first { $0.id == "0806.4129" })
        #expect(favourite.version == 6)
        #expect(favourite.reason == "newVersion")
        #expect(favourite.markedVersion == 1)
        let dayTwo: Set<String> = ["0806.4129", "0704.0248", "0704.0046"]
        #expect(next.entries.allSatisfy { dayTwo.contains($0.id) || $0.id.hasPrefix("0704.") })
        #expect(!next.entries.contains { $0.id.hasPrefix("24") }, "nothing of the first day again")
        #expect(next.entries.allSatisfy { $0.reason == "added" || $0.id == "0806.4129" })

        // --since shows from a day without moving the mark.
        let since = try digest(["--since", "2000-01-01"], db)
        #expect(since.entries.count == first.entries.count + next.entries.filter { $0.reason == "added" }.count)
        #expect(try digest(["--peek"], db).entries.map(\.id) == next.entries.map(\.id))
    }

    @Test("a watch whose query does not parse is refused at add with its column (64); names are unique; remove")
    func badWatches() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let unclosed = try papers.run(["watch", "add", "au:maestro AND (helium"] + db)
        #expect(unclosed.status == ErrorKind.usage.exitCode)
        #expect(unclosed.stderr.contains("column 16"), "\(unclosed.stderr)")
        let operatorAtEnd = try papers.run(["watch", "add", "quantum OR"] + db)
        #expect(operatorAtEnd.status == ErrorKind.usage.exitCode)
        #expect(operatorAtEnd.stderr.contains("column 11"), "\(operatorAtEnd.stderr)")
        #expect(try papers.run(["watch", "list", "--format", "plain"] + db).stdout.isEmpty)

        #expect(try papers.run(["watch", "add", "helium", "--name", "he"] + db).status == 0)
        let twice = try papers.run(["watch", "add", "neon", "--name", "he"] + db)
        #expect(twice.status == ErrorKind.usage.exitCode)
        #expect(twice.stderr.contains("exists already"))
        #expect(try papers.run(["watch", "list", "--format", "plain"] + db).stdout == "he\t\thelium\t\n")
        let missing = try papers.run(["watch", "remove", "ne"] + db)
        #expect(missing.status == ErrorKind.notFound.exitCode)
        #expect(missing.stderr.contains("the watches are he"))
        #expect(try papers.run(["watch", "remove", "he"] + db).status == 0)
        #expect(try papers.run(["watch", "list", "--format", "plain"] + db).stdout.isEmpty)
    }

    @Test("--fetch without a watch naming a category is a usage error, before any request")
    func fetchNeedsCategories() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        #expect(try papers.run(["watch", "add", "helium"] + db).status == 0)
        let result = try papers.run(["digest", "--fetch", "--rss-url", "http://127.0.0.1:9/rss"] + db)
        #expect(result.status == ErrorKind.usage.exitCode)
        #expect(result.stderr.contains("--category"))
    }
}
