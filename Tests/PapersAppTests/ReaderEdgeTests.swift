import Core
import Foundation
import TestSupport
import Testing

/// What `papers doctor` would call damage is refused by the readers, never stored: versions
/// below v1 or listed twice, days the calendar lacks; an escaped NUL is dropped from the text.
@Suite("papers import refuses what doctor rejects")
struct ReaderEdgeTests {
    let papers = BinaryRunner(product: "papers")

    /// The snapshot sample's first line with `text` replaced by `replacement`.
    static func snapshotLine(replacing text: String, with replacement: String) throws -> String {
        let sample = String(decoding: try FixtureFiles.data("arxiv-snapshot", "sample.jsonl"), as: UTF8.self)
        let line = String(sample.prefix { $0 != "\n" })
        return line.replacing(text, with: replacement) + "\n"
    }

    /// Imports `text`, written to a file named `name` in `directory`, into the library `p.sqlite` there.
    func importing(_ text: String, as name: String, in directory: TemporaryDirectory) throws -> BinaryRunner.Result {
        let file = directory.path(name)
        try Data(text.utf8).write(to: file)
        return try papers.run(["import", file.path, "--db", directory.path("p.sqlite").path])
    }

    static let firstVersion = #"{"version": "v1", "created": "Wed, 25 Jun 2008 15:29:38 GMT"}"#

    @Test(
        "a snapshot version below v1, too long to read, listed twice or on a day the calendar lacks is refused",
        arguments: [
            (#"{"version": "v-3", "created": "Wed, 25 Jun 2008 15:29:38 GMT"}"#, "version 'v-3' has no readable"),
            (
                #"{"version": "v99999999999999999999", "created": "Wed, 25 Jun 2008 15:29:38 GMT"}"#,
                "version 'v99999999999999999999' has no readable"
            ),
            (firstVersion + ", " + firstVersion, "version 'v1' is listed twice"),
            (#"{"version": "v1", "created": "Sun, 00 Jan 0000 00:00:00 GMT"}"#, "version 'v1' has no readable"),
            (#"{"version": "v1", "created": "Mon, 30 Feb 2009 10:00:00 GMT"}"#, "version 'v1' has no readable"),
        ])
    func snapshotVersions(_ replacement: String, _ message: String) throws {
        let line = try Self.snapshotLine(replacing: Self.firstVersion, with: replacement)
        let result = try importing(line, as: "snap.jsonl", in: try TemporaryDirectory())
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("line 1 is not a snapshot record (\(message)"), "\(result.stderr)")
    }

    @Test(
        "an OAI-PMH record listing a version twice, below v1 or too long to read is refused",
        arguments: ["v1", "v-3", "v99999999999999999999"])
    func oaiVersions(_ label: String) throws {
        let text = String(
            decoding: try FixtureFiles.data("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml"), as: UTF8.self)
        let second = try #require(text.range(of: #"<version version="v2">"#))
        let damaged = text.replacingCharacters(in: second, with: #"<version version=""# + label + #"">"#)
        let result = try importing(damaged, as: "record.xml", in: try TemporaryDirectory())
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("has version \(label), which no paper has"), "\(result.stderr)")
    }

    @Test("an escaped NUL in a snapshot title is dropped: the title is shown whole")
    func escapedNUL() throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let line = try Self.snapshotLine(replacing: #""title": "Gauge Fixing"#, with: #""title": "Gauge\u0000 Fixing"#)
        let imported = try importing(line, as: "snap.jsonl", in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let bibtex = try papers.run(["bibtex", "0806.4129", "--offline", "--db", db])
        #expect(bibtex.stdout.contains("title = {{Gauge Fixing in the Maxwell Like"), "\(bibtex.stdout)")
        let doctor = try papers.run(["doctor", "--db", db])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
    }
}
