import Core
import Foundation
import TestSupport
import Testing

/// Exports and the digest's feed, read by consumers no one here wrote (citeproc-py, rispy,
/// bibtexparser, feedparser, pinned from PyPI by Tools/Scripts/consumers/venv.sh), and `similar`.
@Suite("papers export, the Atom digest and similar, read by real consumers")
struct ExportTests {
    let papers = BinaryRunner(product: "papers")

    static let rssDay = FixtureFiles.url("arxiv-rss", "rss_mock_feed.xml").path
    static let sources =
        [
            FixtureFiles.url("arxiv-oai", "listrecords-arXiv-physics-hep-th-2017-12-14.xml").path,
            FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXiv.xml").path,
        ]
        + (1...3).map { FixtureFiles.url("arxiv-oai", "paged2-11-ListRecords-arXiv-set-math-p0\($0).xml").path }
    static let repository = FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent()

    /// The RSS day's papers: id and primary category (its first category), in feed order.
    static func rssPapers() throws -> [(id: String, category: String)] {
        let text = try String(contentsOfFile: rssDay, encoding: .utf8)
        return text.components(separatedBy: "<item>").dropFirst().compactMap { item in
            guard let link = item.range(of: "<link>https://arxiv.org/abs/"), let end = item.range(of: "</link>"),
                let category = item.range(of: "<category>"), let close = item.range(of: "</category>")
            else { return nil }
            return (
                String(item[link.upperBound..<end.lowerBound]), String(item[category.upperBound..<close.lowerBound])
            )
        }
    }

    /// Runs `check.py` with the pinned consumers on `file`; returns its output.
    func consumersCheck(_ format: String, _ file: String) throws -> (status: Int32, output: String) {
        let python = try Self.run(["\(Self.repository.path)/Tools/Scripts/consumers/venv.sh"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try Self.run(
            [python, "\(Self.repository.path)/Tools/Scripts/consumers/check.py", format, file, Self.rssDay]
                + Self.sources)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A library of the 2024 RSS day (through `papers new` from a loopback server) and the OAI pages.
    func library() throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let server = try NewCommandTests.feedServer("rss_mock_feed.xml")
        let url = server.baseURL.appendingPathComponent("rss").absoluteString
        let listed = try papers.run(["new", "cs", "--rss-url", url, "--format", "plain"] + db)
        try #require(listed.status == 0, "\(listed.stderr)")
        let imported = try papers.run(["import"] + Self.sources + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        return (directory, db)
    }

    @Test("BibTeX, RIS and CSL-JSON exports parse in bibtexparser, rispy and citeproc-py with the sources' values")
    func exports() throws {
        let (directory, db) = try library()
        // Every paper of the OAI pages (split names, journal DOIs) and 200 of the RSS day.
        let ids =
            try Self.rssPapers().prefix(200).map(\.id) + [
                "1412.8323", "1507.07790", "0806.4129", "0704.0248", "0704.0046",
            ]
        for format in ["bibtex", "ris", "csl-json"] {
            let file = directory.path("export.\(format)").path
            let result = try papers.run(["export"] + ids + ["--offline", "--format", format, "--output", file] + db)
            try #require(result.status == 0, "\(format): \(result.stderr)")
            let checked = try consumersCheck(format, file)
            #expect(checked.status == 0, "\(checked.output)")
            #expect(checked.output.contains("\(format): \(ids.count) records checked, 0 failures"), "\(checked.output)")
        }
        let ris = try papers.run(["export", "1507.07790", "--offline", "--format", "ris"] + db)
        #expect(ris.stdout.contains("AU  - Castro, Luis B.\r\n"))
        #expect(ris.stdout.contains("DO  - 10.1088/1751-8121/aa9c53\r\n"))
    }

    @Test("--favorites, --watch and --query select; nothing selected is a usage error (64)")
    func selections() throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        let nothing = try papers.run(["export", "--format", "ris"] + db)
        #expect(nothing.status == ErrorKind.usage.exitCode)
        #expect(nothing.stderr.contains("nothing to export"))
        let noFavourites = try papers.run(["export", "--favorites", "--format", "ris"] + db)
        #expect(noFavourites.status == ErrorKind.usage.exitCode)
        #expect(try papers.run(["fav", "0806.4129", "--offline"] + db).status == 0)
        let favourites = try papers.run(["export", "--favorites", "--format", "csl-json"] + db)
        #expect(favourites.status == 0)
        #expect(favourites.stdout.contains(#""number" : "arXiv:0806.4129""#))
        #expect(try papers.run(["watch", "add", "ti:riemann", "--name", "zeta"] + db).status == 0)
        let watch = try papers.run(["export", "--watch", "zeta", "--format", "bibtex"] + db)
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("eprint = {2411.17701}"))
        let unknown = try papers.run(["export", "--watch", "nope", "--format", "bibtex"] + db)
        #expect(unknown.status == ErrorKind.notFound.exitCode)
        let query = try papers.run(["export", "--query", "riemann zeros", "--format", "ris"] + db)
        #expect(query.stdout.contains("AN  - arXiv:2411.17701"))
    }

    @Test("the Atom digest parses in feedparser: no bozo, every entry's id, updated and links")
    func atom() throws {
        let (directory, db) = try library()
        #expect(try papers.run(["watch", "add", "quantum", "--name", "quantum & more <q>"] + db).status == 0)
        #expect(try papers.run(["watch", "add", "cat:math", "--name", "math"] + db).status == 0)
        let feed = try papers.run(["digest", "--peek", "--format", "atom"] + db)
        #expect(feed.status == 0, "\(feed.stderr)")
        let file = directory.path("digest.xml")
        try Data(feed.stdout.utf8).write(to: file)
        let checked = try consumersCheck("atom", file.path)
        #expect(checked.status == 0, "\(checked.output)")
        #expect(
            checked.output.contains("0 failures") && !checked.output.contains("atom: 0 records"), "\(checked.output)")
    }

    @Test("similar: an id not in the library is 66; on the 2024 RSS day its top 10 share the category far above chance")
    func similar() throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        let missing = try papers.run(["similar", "2401.99999"] + db)
        #expect(missing.status == ErrorKind.notFound.exitCode)
        let all = try Self.rssPapers()
        let categories = Dictionary(all.map { ($0.id, $0.category) }, uniquingKeysWith: { first, _ in first })
        var counts: [String: Int] = [:]
        for category in categories.values { counts[category, default: 0] += 1 }
        let total = Double(categories.count)
        // A random top 10: the chance that a paper of the library shares a random paper's category.
        let chance = counts.values.reduce(0.0) { $0 + (Double($1) / total) * (Double($1) / total) }
        var shared = 0
        var listed = 0
        for paper in all.prefix(50) {
            let result = try papers.run(["similar", paper.id, "--limit", "10", "--format", "plain"] + db)
            try #require(result.status == 0, "\(result.stderr)")
            let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t") }
            #expect(!rows.contains { $0.first?.hasPrefix(paper.id) == true }, "the paper itself is left out")
            listed += rows.count
            shared += rows.filter { $0.count > 2 && $0[2] == paper.category }.count
        }
        let share = Double(shared) / Double(max(listed, 1))
        print(
            "similar: \(shared) of \(listed) top-10 papers share the primary category (\(Int((share * 100).rounded()))%), a random pick \(Int((chance * 100).rounded()))%"
        )
        #expect(listed >= 400)
        #expect(share > 3 * chance)
    }
}
