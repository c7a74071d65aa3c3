import Core
import Foundation
import TestSupport
import Testing

/// An entry without a part every paper has is damaged data (exit 78), refused with its number and line.
@Suite("papers import refuses damaged entries")
struct DamagedEntryTests {
    /// The recorded 100-entry feed with its second entry changed by `damage`.
    static func feed(damaging damage: (String) -> String) throws -> String {
        let text = String(decoding: try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), as: UTF8.self)
        var parts = text.components(separatedBy: "<entry>")
        parts[2] = damage(parts[2])
        return parts.joined(separator: "<entry>")
    }

    /// The line the second `<entry>` is on.
    static func secondEntryLine(_ text: String) -> Int {
        let parts = text.components(separatedBy: "<entry>")
        return (parts[0] + "<entry>" + parts[1]).filter { $0 == "\n" }.count + 1
    }

    static let damages: [(name: String, missing: String, damage: @Sendable (String) -> String)] = [
        ("no title", "has no title", { $0.replacing(/<title>[^<]*<\/title>/, with: "") }),
        ("a blank title", "has no title", { $0.replacing(/<title>[^<]*<\/title>/, with: "<title>  \n  </title>") }),
        ("no author", "has no author", { $0.replacing(/<author>(.|\n)*?<\/author>/, with: "") }),
        ("a blank author name", "has no author", { $0.replacing(/<name>[^<]*<\/name>/, with: "<name> </name>") }),
        (
            "no dates", "has no dates",
            {
                $0.replacing(/<published>[^<]*<\/published>/, with: "").replacing(/<updated>[^<]*<\/updated>/, with: "")
            }
        ),
        ("no id", "has no arXiv id", { $0.replacing(/<id>[^<]*<\/id>/, with: "") }),
    ]

    @Test("each missing part exits 78 naming the entry and its line, and saves nothing", arguments: 0..<6)
    func refused(index: Int) async throws {
        let (name, missing, damage) = Self.damages[index]
        let directory = try TemporaryDirectory()
        let text = try Self.feed(damaging: damage)
        let file = directory.path("damaged.xml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let db = ["--db", directory.path("p.sqlite").path]
        let papers = BinaryRunner(product: "papers")
        let result = try papers.run(["import", file.path] + db)
        #expect(result.status == ErrorKind.badData.exitCode, "\(name): \(result.stderr)")
        #expect(result.stderr.contains("entry 2 (line \(Self.secondEntryLine(text))"), "\(name): \(result.stderr)")
        #expect(result.stderr.contains(missing), "\(name): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try papers.run(["library", "stats", "--format", "plain"] + db).stdout.contains("papers\t0"))
    }

    @Test("every recorded feed still imports")
    func fixturesImport() throws {
        let directory = try TemporaryDirectory()
        let papers = BinaryRunner(product: "papers")
        for name in [
            "search-all-testing-100-entries.xml", "legacy2016-au-del_maestro-10-of-31.xml", "empty-id-0000.0000.xml",
        ] {
            let result = try papers.run(
                ["import", FixtureFiles.url("arxiv", name).path, "--db", directory.path("p.sqlite").path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}
