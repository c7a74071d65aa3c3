import Core
import Foundation
import TestSupport
import Testing

/// What works by meaning, end to end with the real model: `library embed`, `similar --by meaning`
/// against sentence-transformers' own ranking, and `library search --meaning`.
@Suite("papers by meaning: embed, similar --by meaning, library search --meaning")
struct MeaningTests {
    let papers = BinaryRunner(product: "papers")
    /// How many papers of the recorded RSS day the library holds (the reference was made for these).
    static let items = 150

    /// sentence-transformers' ten nearest papers for each paper (Tests/Fixtures/embedding/SOURCES.md).
    struct Reference: Decodable {
        let papers: Int
        let top10: [String: [String]]
    }

    /// The RSS day cut after its first `items` items, as reference-rankings.py cuts it.
    static func subsetFeed() throws -> Data {
        let text = String(decoding: try FixtureFiles.data("arxiv-rss", "rss_mock_feed.xml"), as: UTF8.self)
        let parts = text.components(separatedBy: "<item>")
        let kept = parts.prefix(items + 1).joined(separator: "<item>")
        guard let end = kept.range(of: "</item>", options: .backwards) else { return Data() }
        return Data((kept[..<end.lowerBound] + "</item>\n  </channel>\n</rss>\n").utf8)
    }

    /// A library of the subset, and the arguments that name it and the model.
    func library(in directory: TemporaryDirectory) throws -> [String] {
        let feed = try Self.subsetFeed()
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed)
        }
        let common = ["--db", directory.path("p.sqlite").path, "--model", try EmbeddingModel.folder().path]
        let listed = try papers.run(
            [
                "new", "cs", "--rss-url", server.baseURL.appendingPathComponent("rss").absoluteString, "--format",
                "plain",
            ]
                + Array(common.prefix(2)))
        try #require(listed.status == 0, "\(listed.stderr)")
        return common
    }

    @Test(
        "embed makes every vector once; similar --by meaning shares 9 of sentence-transformers' top 10; search --meaning finds a title's paper"
    )
    func similarByMeaning() async throws {
        let directory = try TemporaryDirectory()
        let common = try library(in: directory)
        let reference = try JSONDecoder().decode(
            Reference.self, from: FixtureFiles.data("embedding", "rss-day-top10.json"))
        try #require(reference.papers == Self.items && reference.top10.count == Self.items)
        let someID = try #require(reference.top10.keys.sorted().first)

        let before = try papers.run(["similar", someID, "--by", "meaning"] + common)
        #expect(before.status == ErrorKind.notFound.exitCode, "\(before.stderr)")
        #expect(before.stderr.contains("no vectors to search by meaning yet; `papers library embed` makes them"))

        // Ctrl-C after the first batch: what was embedded is kept, and the next run does the rest.
        let stopped = try stopAfterFirstBatch(common)
        let embedded = try papers.run(["library", "embed"] + common, timeout: 600)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(
            embedded.stdout
                == "embedded \(Self.items - stopped) papers; 150 of 150 papers have current vectors\n")
        let again = try papers.run(["library", "embed"] + common)
        #expect(again.stdout == "embedded 0 papers; 150 of 150 papers have current vectors\n", "\(again.stderr)")

        var fewest = 10
        for id in reference.top10.keys.sorted().prefix(10) {
            let result = try papers.run(["similar", id, "--by", "meaning", "--format", "plain"] + common)
            try #require(result.status == 0, "\(result.stderr)")
            let ids = result.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").first }
                .map { $0.split(separator: "v").first.map(String.init) ?? "" }
            #expect(ids.count == 10 && !ids.contains(id))
            let shared = Set(ids).intersection(reference.top10[id] ?? []).count
            fewest = min(fewest, shared)
            #expect(shared >= 9, "\(id): \(shared) of sentence-transformers' top 10 (\(ids))")
        }
        print("similar --by meaning: at least \(fewest) of sentence-transformers' top 10 for each of 10 papers")
        try searchByMeaning(common)
        try await webSimilar(common, reference: reference)
    }

    /// `papers serve --similar meaning`: a paper's page lists sentence-transformers' nearest paper first, saying "by meaning".
    func webSimilar(_ common: [String], reference: Reference) async throws {
        let server = try ServedApp(product: "papers", arguments: common + ["--similar", "meaning"])
        defer { server.stop() }
        let id = try #require(reference.top10.keys.sorted().last)
        let nearest = try #require(reference.top10[id]?.first)
        let page = try await WebClient.get(server.url + "/paper?id=\(id)")
        #expect(page.status == 200)
        #expect(page.body.contains("Similar papers in the library, by meaning"))
        let section = try #require(page.body.components(separatedBy: "id=\"similar\"").last)
        #expect(section.contains(">\(nearest)"), "\(section.prefix(600))")
    }

    /// Runs `library embed` on a terminal, presses Ctrl-C once its bar shows the first batch, and
    /// returns how many papers the stopped run says it embedded (kept: some, not all).
    func stopAfterFirstBatch(_ common: [String]) throws -> Int {
        let terminal = try PseudoTerminal(product: "papers", arguments: ["library", "embed"] + common)
        #expect(terminal.waitFor("/150", timeout: 300), "no progress drawn")
        let pid = try #require(terminal.executablePID)
        kill(pid, SIGINT)
        let (status, screen) = terminal.finish(timeout: 300)
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("(stopped: run `papers library embed` again to go on)"), "\(screen)")
        let count = screen.components(separatedBy: "embedded ").last?.split(separator: " ").first.flatMap { Int($0) }
        let embedded = try #require(count, "\(screen)")
        #expect(embedded > 0 && embedded < Self.items, "\(screen)")
        return embedded
    }

    /// search --meaning finds a paper by its own title first, with its cosine; bad input gets one
    /// line each. On the library `similarByMeaning` embedded, so the papers are embedded once.
    func searchByMeaning(_ common: [String]) throws {
        let listed = try papers.run(["library", "search", "--format", "plain", "the", "--limit", "3"] + common)
        let row = try #require(listed.stdout.split(separator: "\n").first?.split(separator: "\t"))
        let (id, title) = (String(row[0].split(separator: "v")[0]), String(row[row.count - 1]))
        let found = try papers.run(["library", "search", "--meaning", title, "--format", "plain"] + common)
        try #require(found.status == 0, "\(found.stderr)")
        let first = try #require(found.stdout.split(separator: "\n").first?.split(separator: "\t"))
        #expect(first[0].hasPrefix(id), "\(found.stdout)")
        let score = try #require(Double(first[1]))
        #expect(score > 0.5 && score <= 1.0001)

        let cases: [([String], Int32, String)] = [
            (["library", "search", "--meaning", "   "], 64, "the search is empty"),
            (["library", "search", "--meaning", "x", "--page", "2"], 64, "--page does not apply to --meaning"),
            (["similar", "2411.99999", "--by", "meaning"], 66, "2411.99999 is not in the library"),
        ]
        for (arguments, status, message) in cases {
            let result = try papers.run(arguments + common)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
