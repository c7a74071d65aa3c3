import Core
import Foundation
import TestSupport
import Testing

/// Watches' names, categories and days are checked where they are typed; what is stored is shown,
/// never sent to the terminal as commands; a failed fetch still shows the digest and names the watch.
@Suite("papers watch and digest: input checked, stored text shown safely, a failed fetch explained")
struct WatchInputTests {
    let papers = BinaryRunner(product: "papers")
    static let hepTh = FixtureFiles.url("arxiv-oai", "listrecords-arXiv-physics-hep-th-2017-12-14.xml").path

    /// Runs `sqlite3` on the library: a watch saved by an older version, as the library holds it.
    static func sql(_ database: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, statement]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test("watch add refuses a category that is not one, in the query or --category, suggesting the right one")
    func categoryAtAdd() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let query = try papers.run(["watch", "add", "cat:cs_LG", "--name", "ml"] + db)
        #expect(query.status == ErrorKind.usage.exitCode, "\(query.stderr)")
        #expect(query.stderr.contains("'cs_LG' is not an arXiv category (did you mean cs.LG?)"), "\(query.stderr)")
        #expect(!query.stderr.contains("papers new"), "\(query.stderr)")
        let option = try papers.run(["watch", "add", "graph", "--category", "cs LG"] + db)
        #expect(option.status == ErrorKind.usage.exitCode, "\(option.stderr)")
        #expect(option.stderr.contains("did you mean cs.LG?"), "\(option.stderr)")
        #expect(try papers.run(["watch", "list", "--format", "plain"] + db).stdout.isEmpty, "nothing saved")
    }

    @Test("a fetch that fails still shows the stored digest, says what failed and names the watch at fault")
    func failedFetch() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("p.sqlite").path
        let db = ["--db", database]
        #expect(try papers.run(["import", Self.hepTh] + db).status == 0)
        #expect(try papers.run(["watch", "add", "cat:hep-th", "--name", "theory"] + db).status == 0)

        // The arXiv listing answers 404: the digest of what is stored, then the failure.
        let server = try LoopbackServer { _ in .respond(status: 404) }
        let rss = server.baseURL.appendingPathComponent("rss").absoluteString
        let failed = try papers.run(["digest", "--fetch", "--rss-url", rss, "--peek", "--format", "plain"] + db)
        #expect(failed.status != 0)
        #expect(failed.stdout.contains("theory\t"), "the stored digest is shown: \(failed.stdout)")
        #expect(
            failed.stderr.contains("--fetch failed, so the digest shows only what the library held"), "\(failed.stderr)"
        )
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")

        // A watch saved before categories were checked: named, before any request.
        try Self.sql(database, "INSERT INTO watches (name, query, categories) VALUES ('ml', 'cat:cs_LG', '')")
        let before = server.requests.count
        let bad = try papers.run(["digest", "--fetch", "--rss-url", rss, "--peek"] + db)
        #expect(bad.status == ErrorKind.usage.exitCode, "\(bad.stderr)")
        #expect(bad.stderr.contains("the watch 'ml' names 'cs_LG', which is not an arXiv category"), "\(bad.stderr)")
        #expect(bad.stdout.contains("theory"), "\(bad.stdout)")
        #expect(server.requests.count == before, "no request for a watch at fault")
    }

    @Test("watch names: empty or with control characters refused; --since outside arXiv's days refused")
    func inputs() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let empty = try papers.run(["watch", "add", "helium", "--name", ""] + db)
        #expect(empty.status == ErrorKind.usage.exitCode, "\(empty.stderr)")
        #expect(empty.stderr.contains("cannot be empty"), "\(empty.stderr)")
        let spaces = try papers.run(["watch", "add", "helium", "--name", "   "] + db)
        #expect(spaces.status == ErrorKind.usage.exitCode, "\(spaces.stderr)")
        let newline = try papers.run(["watch", "add", "helium", "--name", "a\nb"] + db)
        #expect(newline.status == ErrorKind.usage.exitCode, "\(newline.stderr)")
        #expect(newline.stderr.contains("'a^Jb'"), "\(newline.stderr)")
        #expect(try papers.run(["watch", "list", "--format", "plain"] + db).stdout.isEmpty)
        for day in ["0000-01-01", "1990-12-31", "9999-01-01"] {
            let since = try papers.run(["digest", "--since", day] + db)
            #expect(since.status == ErrorKind.usage.exitCode, "\(day): \(since.stderr)")
            #expect(since.stderr.contains("give a day from 1991-08-14 to today"), "\(since.stderr)")
        }
        #expect(try papers.run(["digest", "--since", "1991-08-14"] + db).status == 0)
    }

    @Test("escapes in stored titles and watch names are shown as ^[, and a name with a line break stays one record")
    func storedEscapes() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("p.sqlite").path
        let db = ["--db", database]
        // A snapshot record whose title holds an OSC title-setting sequence and a screen clear.
        let line = try #require(
            String(decoding: try FixtureFiles.data("arxiv-snapshot", "sample.jsonl"), as: UTF8.self)
                .split(separator: "\n").first)
        var record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        record["title"] = "Gauge \u{1B}]0;pwned\u{07} Fixing \u{1B}[2J here"
        let snapshot = directory.path("one.jsonl")
        try JSONSerialization.data(withJSONObject: record).write(to: snapshot)
        let imported = try papers.run(["import", snapshot.path] + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        // Watches saved by an older version: escapes and a line break in their names.
        try Self.sql(
            database,
            "INSERT INTO watches (name, query, categories) VALUES ('g' || char(27) || ']0;x' || char(7), 'gauge', '')")
        try Self.sql(
            database,
            "INSERT INTO watches (name, query, categories) VALUES ('two' || char(10) || 'lines', 'fixing', '')")

        for arguments in [
            ["digest", "--peek"], ["digest", "--peek", "--format", "plain"], ["watch", "list"],
            ["watch", "list", "--format", "plain"], ["digest", "--peek", "--format", "markdown"],
        ] {
            let result = try papers.run(arguments + db)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(
                !result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"),
                "\(arguments): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains("^[") || result.stdout.contains("^\\["), "\(arguments): \(result.stdout)")
        }
        let plain = try papers.run(["watch", "list", "--format", "plain"] + db)
        #expect(plain.stdout.split(separator: "\n").count == 2, "one record a watch: \(plain.stdout.debugDescription)")
        #expect(plain.stdout.contains("two^Jlines\t"), "\(plain.stdout.debugDescription)")
    }
}
