import Core
import Foundation
import PapersEntity
import TestSupport
import Testing

/// What works by meaning, end to end with the real model: `library embed`, `similar --by meaning`
/// against sentence-transformers' own ranking, `library search --meaning` and watches by meaning.
@Suite("papers by meaning: embed, similar --by meaning, library search --meaning, watch add --meaning")
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
        let watched = try meaningWatch(common)
        try await webSimilar(common, reference: reference, watched: watched)
        try digestEmbeds(common)
    }

    /// The description the meaning watch looks for.
    static let description = "large language models that write and repair program code"

    /// `watch add --meaning`: the digest lists exactly the papers `search --meaning` scores at the
    /// threshold or above, in every format, and `export --watch` selects them; returns their ids.
    ///
    /// The threshold is set between two neighbouring scores of the search, so no paper is a
    /// rounding away from it.
    func meaningWatch(_ common: [String]) throws -> Set<String> {
        let ranked = try papers.run(
            ["library", "search", "--meaning", Self.description, "--limit", "150", "--format", "plain"] + common)
        try #require(ranked.status == 0, "\(ranked.stderr)")
        let scored = ranked.stdout.split(separator: "\n").compactMap { line -> (String, Double)? in
            let fields = line.split(separator: "\t")
            guard fields.count > 1, let score = Double(fields[1]) else { return nil }
            return (String(fields[0].split(separator: "v")[0]), score)
        }
        let cut = try #require((3..<20).first { scored[$0 - 1].1 - scored[$0].1 >= 0.001 })
        let threshold = String(format: "%.4f", (scored[cut - 1].1 + scored[cut].1) / 2)
        let expected = Set(scored.prefix(cut).map(\.0))

        let added = try papers.run(
            ["watch", "add", "--meaning", Self.description, "--name", "code", "--threshold", threshold] + common)
        #expect(added.status == 0 && added.stdout.contains("watch 'code' added"), "\(added.stderr)")
        let listed = try papers.run(["watch", "list", "--format", "plain"] + common.prefix(2))
        #expect(listed.stdout == "code\t\t\(Self.description)\t\(Double(threshold) ?? 0)\n", "\(listed.stdout)")

        let plain = try papers.run(["digest", "--peek", "--format", "plain"] + common)
        try #require(plain.status == 0, "\(plain.stderr)")
        let records: [[Substring]] = plain.stdout.split(separator: "\n").map { $0.split(separator: "\t") }
        let listedIDs: [String] = records.filter { $0.first == "code" && $0.count > 1 }.map { record in
            String(record[1].prefix { $0 != "v" })
        }
        #expect(Set(listedIDs) == expected && listedIDs.count == cut, "\(plain.stdout)")
        let markdown = try papers.run(["digest", "--peek", "--format", "markdown"] + common)
        #expect(
            markdown.stdout.contains("## code — `by meaning, cosine ≥ \(Double(threshold) ?? 0): \(Self.description)`"),
            "\(markdown.stdout.prefix(400))")
        let atom = try papers.run(["digest", "--peek", "--format", "atom"] + common)
        #expect(atom.stdout.components(separatedBy: #"<category term="code" label="watch"/>"#).count == cut + 1)
        let json = try papers.run(["digest", "--peek", "--format", "json"] + common)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let sections = (object?["data"] as? [String: Any])?["sections"] as? [[String: Any]]
        #expect(sections?.first?["threshold"] as? Double == Double(threshold), "\(json.stdout.prefix(400))")

        let exported = try papers.run(["export", "--watch", "code", "--format", "bibtex"] + common)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(Set(expected.filter { exported.stdout.contains("eprint = {\($0)}") }) == expected)
        #expect(exported.stdout.components(separatedBy: "eprint = {").count == cut + 1)

        let database = Array(common.prefix(2))
        let cases: [([String], Int32, String)] = [
            (["watch", "add", "graphs", "--threshold", "0.5"] + common, 64, "--threshold is for a watch by meaning"),
            (
                ["watch", "add", "--meaning", "graphs", "--threshold", "1.5"] + common, 64,
                "--threshold must be a cosine"
            ),
            (
                ["watch", "add", "--meaning", "graphs", "--model", "/nonexistent/model"] + database, 78,
                "no embedding model"
            ),
            (["watch", "add", "--meaning", "  "] + common, 64, "the search is empty"),
        ]
        for (arguments, status, message) in cases {
            let result = try papers.run(arguments)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let unchanged = try papers.run(["watch", "list", "--format", "plain"] + database)
        #expect(unchanged.stdout.split(separator: "\n").count == 1 && unchanged.stdout.hasPrefix("code\t"))
        return expected
    }

    /// Papers imported after `library embed` have no vector: the digest embeds them, says so, and
    /// `library embed` then has nothing left to do.
    func digestEmbeds(_ common: [String]) throws {
        let file = FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml").path
        let imported = try papers.run(["import", file] + common.prefix(2))
        try #require(imported.status == 0, "\(imported.stderr)")
        let digest = try papers.run(["digest", "--peek"] + common)
        #expect(digest.status == 0, "\(digest.stderr)")
        #expect(digest.stdout.contains("; 10 embedded for the meaning watches)"), "\(digest.stdout.prefix(300))")
        let embedded = try papers.run(["library", "embed"] + common)
        #expect(embedded.stdout == "embedded 0 papers; 160 of 160 papers have current vectors\n", "\(embedded.stderr)")
    }

    /// `papers serve --similar meaning`: a paper's page lists sentence-transformers' nearest paper first, saying "by meaning".
    func webSimilar(_ common: [String], reference: Reference, watched: Set<String>) async throws {
        let server = try ServedApp(product: "papers", arguments: common + ["--similar", "meaning"])
        defer { server.stop() }
        let id = try #require(reference.top10.keys.sorted().last)
        let nearest = try #require(reference.top10[id]?.first)
        let page = try await WebClient.get(server.url + "/paper?id=\(id)")
        #expect(page.status == 200)
        #expect(page.body.contains("Similar papers in the library, by meaning"))
        let section = try #require(page.body.components(separatedBy: "id=\"similar\"").last)
        #expect(section.contains(">\(nearest)"), "\(section.prefix(600))")
        // The digest page lists the meaning watch's papers under what it looks for.
        let digest = try await WebClient.get(server.url + "/digest")
        #expect(digest.status == 200 && digest.body.contains("by meaning, cosine ≥ "))
        #expect(watched.allSatisfy { digest.body.contains("/paper?id=\($0)") }, "\(digest.body.prefix(600))")

        // A watch by meaning added in the browser is the CLI's, at the default threshold; then removed.
        let added = try await WebClient.post(
            server.url + "/watches",
            form: [("by", "meaning"), ("query", Self.description), ("name", "web"), ("threshold", "")])
        #expect(added.status == 200 && added.url.hasSuffix("/watches"), "\(added.body.prefix(600))")
        #expect(added.body.contains("by meaning, cosine ≥ "), "\(added.body.prefix(600))")
        let listed = try papers.run(["watch", "list", "--format", "plain"] + common.prefix(2))
        #expect(listed.stdout.contains("web\t\t\(Self.description)\t\(Watch.defaultThreshold)\n"), "\(listed.stdout)")
        let removed = try await WebClient.post(server.url + "/watches/remove", form: [("name", "web")])
        #expect(removed.status == 200 && !removed.body.contains(">web<"))
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
        try withoutTheModel(common, paper: id)
    }

    /// A search by a paper with a stored vector reads only the vectors: with no model installed it
    /// answers as with the model; what must embed text says the model is missing.
    func withoutTheModel(_ common: [String], paper id: String) throws {
        let database = Array(common.prefix(2))
        let noModel = database + ["--model", "/nonexistent/model"]
        let with = try papers.run(["similar", id, "--by", "meaning", "--format", "plain"] + common)
        let without = try papers.run(["similar", id, "--by", "meaning", "--format", "plain"] + noModel)
        try #require(with.status == 0 && without.status == 0, "\(with.stderr) \(without.stderr)")
        #expect(without.stdout == with.stdout && !with.stdout.isEmpty)
        let search = try papers.run(["library", "search", "--meaning", "graphs"] + noModel)
        #expect(search.status == 78 && search.stderr.contains("no embedding model"), "\(search.stderr)")
    }
}
