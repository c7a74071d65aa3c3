import Core
import Foundation
import TestSupport
import Testing

/// `papers new` against a loopback server serving arXiv's recorded daily feeds.
@Suite("papers new")
struct NewCommandTests {
    let papers = BinaryRunner(product: "papers")

    static func feedServer(_ name: String) throws -> LoopbackServer {
        let feed = try FixtureFiles.data("arxiv-rss", name)
        return try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed)
        }
    }

    /// Runs `papers new` against a server serving `feed`, on a library in `directory`.
    func run(_ arguments: [String], feed: String, in directory: TemporaryDirectory? = nil) throws -> (
        BinaryRunner.Result, LoopbackServer, String
    ) {
        let directory = try directory ?? TemporaryDirectory()
        let server = try Self.feedServer(feed)
        let db = directory.path("p.sqlite").path
        let url = server.baseURL.appendingPathComponent("rss").absoluteString
        return (try papers.run(["new"] + arguments + ["--rss-url", url, "--db", db]), server, db)
    }

    @Test("the day's announcements are listed with their type, counted by type and saved")
    func listed() throws {
        let directory = try TemporaryDirectory()
        let (result, server, db) = try run(
            ["cs.LG", "stat.ML", "--format", "json"], feed: "rss_mock_feed.xml", in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.map(\.target) == ["/rss/cs.LG+stat.ML"], "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == 1_504)
        #expect(rows.first?["announceType"] as? String == "new" && rows.first?["shortID"] as? String == "2411.17700v1")
        #expect(
            json["heading"] as? String
                == "1,504 announcements in cs.LG, stat.ML on 2024-11-28: 926 new, 9 cross, 569 replace")
        let stats = try papers.run(["library", "stats", "--format", "json", "--db", db])
        let saved = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect((saved?["papers"] as? Int ?? 0) > 1_400, "\(stats.stdout)")
    }

    @Test("--type keeps the types asked for; plain output carries the type column")
    func filtered() throws {
        let (result, _, _) = try run(["cs.LG", "--type", "new,cross", "--format", "plain"], feed: "rss_mock_feed.xml")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 935)
        #expect(lines.allSatisfy { $0.split(separator: "\t")[1] == "new" || $0.split(separator: "\t")[1] == "cross" })
        let bad = try run(["cs.LG", "--type", "new,fresh"], feed: "rss_mock_feed.xml").0
        #expect(
            bad.status == ErrorKind.usage.exitCode && bad.stderr.contains("'fresh' is not an announce type"),
            "\(bad.stderr)")
    }

    @Test("a paper the feed lists twice (replaced, then cross-listed) keeps each item's own type")
    func listedTwice() throws {
        let feed = String(decoding: try FixtureFiles.data("arxiv-rss", "rss_mock_feed.xml"), as: UTF8.self)
        let (start, end) = (try #require(feed.range(of: "<item>")), try #require(feed.range(of: "</item>")))
        let item = String(feed[start.lowerBound..<end.upperBound])
        func typed(_ type: String) -> String {
            item.replacing("Announce Type: new", with: "Announce Type: \(type)")
                .replacing("<arxiv:announce_type>new", with: "<arxiv:announce_type>\(type)")
        }
        let body = String(feed[..<start.lowerBound]) + typed("replace") + typed("cross") + "</channel></rss>"
        let server = try LoopbackServer(replies: [.respond(status: 200, body: Data(body.utf8))])
        let directory = try TemporaryDirectory()
        let url = server.baseURL.appendingPathComponent("rss").absoluteString
        let all = try papers.run(
            ["new", "cs.LG", "--format", "plain", "--rss-url", url, "--db", directory.path("p.sqlite").path])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] } == ["replace", "cross"])
        let cross = try papers.run(
            [
                "new", "cs.LG", "--type", "cross", "--format", "plain", "--rss-url", url, "--db",
                directory.path("p.sqlite").path,
            ])
        #expect(
            cross.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] } == ["cross"], "\(cross.stdout)")
    }

    @Test("an empty feed says there are no announcements on weekends and holidays; a bad archive names the valid ones")
    func emptyAndBadArchive() throws {
        let (empty, _, _) = try run(["test"], feed: "empty_rss_mock_feed.xml")
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(
            empty.stdout.contains(
                "no announcements in test on 2024-11-28: arXiv announces nothing on Saturdays, Sundays and holidays"),
            "\(empty.stdout)")
        let (bad, _, _) = try run(["astroph"], feed: "error_rss_mock_feed.xml")
        #expect(bad.status == ErrorKind.usage.exitCode, "\(bad.stderr)")
        #expect(
            bad.stderr.contains("arXiv has no archive 'astroph'; the archives are astro-ph, cond-mat, cs,"),
            "\(bad.stderr)")
    }
}
