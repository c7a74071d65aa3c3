import Foundation
import TestSupport
import Testing

/// `papers embed`: one vector per input line, the vectors sentence-transformers computes, and
/// one line with its own exit code for each way the input or the model can be wrong.
@Suite("papers embed --input")
struct EmbedCommandTests {
    let papers = BinaryRunner(product: "papers")

    /// sentence-transformers' vectors for fixed texts (Tests/SentenceEmbeddingTests/Fixtures, made by
    /// Tools/Scripts/embedding/reference.py).
    struct Reference: Decodable {
        struct Case: Decodable {
            let text: String
            let embedding: [Float]
        }
        let cases: [Case]

        static func load() throws -> Reference {
            let url = FixtureFiles.root.deletingLastPathComponent()
                .appendingPathComponent("SentenceEmbeddingTests/Fixtures/reference.json")
            return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
        }
    }

    func run(_ arguments: [String], input: String? = nil) throws -> BinaryRunner.Result {
        try papers.run(
            ["embed"] + arguments, environment: ["STRATA_PAPERS_MODEL": try EmbeddingModel.folder().path],
            input: input, timeout: 300)
    }

    @Test(
        "each line's vector is sentence-transformers' to cosine 0.9999, in input order, CRLF and empty lines included")
    func vectorsPerLine() throws {
        let cases = try Reference.load().cases.filter { !$0.text.contains("\n") }
        try #require(cases.count >= 10 && cases.contains { $0.text.isEmpty })
        let directory = try TemporaryDirectory()
        let file = directory.path("texts.txt")
        // Every other line ends in CRLF; the last line break ends the last text.
        let body = cases.enumerated().map { $0.element.text + ($0.offset % 2 == 0 ? "\r\n" : "\n") }.joined()
        try Data(body.utf8).write(to: file)

        let result = try run(["--input", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count, "\(result.stdout.prefix(300))")
        for (line, reference) in zip(lines, cases) {
            let vector = try JSONDecoder().decode([Float].self, from: Data(line.utf8))
            #expect(vector.count == 384)
            let cosine = zip(vector, reference.embedding).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(cosine >= 0.9999, "\(reference.text.prefix(40)): \(cosine)")
        }

        let piped = try run(["--input", "-"], input: body)
        #expect(piped.status == 0 && piped.stdout == result.stdout, "\(piped.stderr)")
    }

    @Test("a missing file, a folder, bad UTF-8, no model and an empty --model each get one line and their exit code")
    func badInput() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.path("binary.txt")
        try Data([0x61, 0xff, 0xfe, 0x0a]).write(to: binary)
        let text = directory.path("text.txt")
        try Data("a text\n".utf8).write(to: text)
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--input", directory.path("absent.txt").path], 66, "no file at "),
            (["--input", directory.url.path], 74, "it is a folder"),
            (["--input", binary.path], 74, "it is not UTF-8 text"),
            (["--input", text.path, "--model", directory.url.path], 78, "no embedding model: "),
            (["--input", text.path, "--model", ""], 64, "--model is empty"),
        ]
        for (arguments, status, message) in cases {
            let result = try run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("papers: error: ") && result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        }
    }
}
