import Database
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("The metadata snapshot (JSON lines, plain or gzip)")
struct SnapshotParserTests {
    static func read(_ url: URL, parser: SnapshotParser = SnapshotParser()) async throws -> [Paper] {
        var papers: [Paper] = []
        try await parser.read(fileAt: url) { papers += $0 }
        return papers
    }

    static func arXivRaw() throws -> [String: Paper] {
        var papers: [String: Paper] = [:]
        for number in 1...3 {
            let name = "paged2-11-ListRecords-arXivRaw-set-math-p0\(number).xml"
            for paper in try OAIParser().page(try FixtureFiles.data("arxiv-oai", name), source: name).papers {
                papers[paper.id] = paper
            }
        }
        return papers
    }

    @Test("each line is a paper: versions with their dates, split authors, DOI, journal-ref, licence, as arXivRaw says")
    func fields() async throws {
        let papers = try await Self.read(FixtureFiles.url("arxiv-snapshot", "sample.jsonl"))
        #expect(papers.count == 6)
        let recorded = try Self.arXivRaw()
        for paper in papers {
            guard let raw = recorded[paper.id] else { continue }
            #expect(paper.versions.map(\.submitted) == raw.versions.map(\.submitted), "\(paper.id)")
            #expect(paper.version == raw.version && paper.published == raw.published && paper.updated == raw.updated)
            #expect(paper.title == raw.title && paper.summary == raw.summary && paper.categories == raw.categories)
            #expect(paper.doi == raw.doi && paper.journalRef == raw.journalRef && paper.license == raw.license)
            #expect(paper.authors.map(\.name) == raw.authors.map(\.name), "\(paper.id)")
        }
        let gauge = try #require(papers.first { $0.id == "0806.4129" })
        #expect(gauge.authors.map(\.keyname) == ["Rocha", "Jr"] && gauge.versions.allSatisfy { $0.size == nil })
    }

    @Test("gzip reads the same as plain, in any chunk size; a cut gzip file is refused")
    func gzip() async throws {
        let plain = try await Self.read(FixtureFiles.url("arxiv-snapshot", "sample.jsonl"))
        for size in [7, 1_000, 1 << 20] {
            let packed = try await Self.read(
                FixtureFiles.url("arxiv-snapshot", "sample.jsonl.gz"), parser: SnapshotParser(chunkSize: size))
            #expect(packed == plain, "chunk size \(size)")
        }
        let directory = try TemporaryDirectory()
        let whole = try FixtureFiles.data("arxiv-snapshot", "sample.jsonl.gz")
        let cut = directory.path("cut.jsonl.gz")
        try whole.prefix(whole.count / 2).write(to: cut)
        let error = await #expect(throws: PapersError.self) { try await Self.read(cut) }
        guard case .badFeed(_, .damagedCompression) = error else {
            Issue.record("expected damaged compression, got \(String(describing: error))")
            return
        }
        // Two gzip members one after the other read as one stream.
        let twice = directory.path("twice.jsonl.gz")
        try (whole + whole).write(to: twice)
        #expect(try await Self.read(twice).count == 12)
    }

    @Test(
        "a damaged line is refused with its number and what is wrong, and an import of it keeps nothing",
        arguments: [
            ("{\"id\": \"0704.0001\"", SnapshotLineProblem.notJSON),
            ("{\"id\": \"0704.0001\"}", .missingField("authors")),
            ("[1, 2]", .notJSON),
        ])
    func damagedLine(line: String, problem: SnapshotLineProblem) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("damaged.jsonl")
        var lines = try String(contentsOf: FixtureFiles.url("arxiv-snapshot", "sample.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        lines.insert(line, at: 3)
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let library = SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator))
        await #expect(
            throws: PapersError.badFeed(source: file.path, problem: .badSnapshotLine(line: 4, problem: problem))
        ) {
            try await library.importing { save in try await FilePaperFeedReader().read(file, onPapers: save) }
        }
        #expect(try await library.stats().papers == 0)
    }

    @Test("the file reader tells the snapshot from Atom and OAI-PMH, gzipped or not")
    func sniffed() async throws {
        for name in ["sample.jsonl", "sample.jsonl.gz"] {
            var papers: [Paper] = []
            try await FilePaperFeedReader().read(FixtureFiles.url("arxiv-snapshot", name)) { papers += $0 }
            #expect(papers.count == 6, "\(name)")
        }
    }

    /// A valid record line with `title` as given (raw JSON) and extra fields.
    static func line(title: String, extra: String = "") -> String {
        #"{"id": "2401.00001", "authors": "A. One", "title": \#(title), "categories": "cs.LG", "abstract": "x", "#
            + #""versions": [{"version": "v1", "created": "Mon, 1 Jan 2024 10:00:00 GMT"}]\#(extra)}"#
    }

    static func parse(_ line: String) async throws -> [Paper] {
        let directory = try TemporaryDirectory()
        let file = directory.path("one.jsonl")
        try (line + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try await read(file)
    }

    @Test("JSON escapes, surrogate pairs and fields the library does not keep read as JSON says")
    func escapes() async throws {
        let title = #""Caf\u00e9 \"quoted\" \\ back\/slash\ttab \ud83d\ude00 done""#
        let extra = #", "report-no": null, "other": {"nested": [1, -2.5e3, true, false, null, {"a": "b"}]}, "n": 12"#
        let papers = try await Self.parse(Self.line(title: title, extra: extra))
        let expected = try JSONSerialization.jsonObject(with: Data(title.utf8), options: .fragmentsAllowed) as? String
        #expect(papers.first?.title == expected.map(Paper.collapsingWhitespace))
        #expect(papers.first?.title.contains("Café \"quoted\" \\ back/slash tab 😀") == true)
    }

    @Test(
        "what is not one JSON object, or lacks or mistypes a field, is refused with what is wrong",
        arguments: [
            (#"{"id": "2401.00001"} trailing"#, SnapshotLineProblem.notJSON),
            (#"{"id": "2401.00001", "title": "unterminated}"#, .notJSON),
            (#"{"id": "\ud83d alone"}"#, .notJSON),
            (line(title: "42"), .wrongType("title")),
            (line(title: #""ok""#, extra: #", "versions": 3"#), .wrongType("versions")),
            (
                #"{"id": "2401.00001", "authors": "A", "title": "T", "categories": "c", "abstract": "x"}"#,
                .missingField("versions")
            ),
        ])
    func refused(line: String, problem: SnapshotLineProblem) async throws {
        await #expect {
            try await Self.parse(line)
        } throws: { error in
            guard case .badFeed(_, .badSnapshotLine(1, let found)) = error as? PapersError else { return false }
            return found == problem
        }
    }
}
