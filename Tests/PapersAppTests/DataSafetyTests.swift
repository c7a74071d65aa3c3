import Foundation
import TestSupport
import Testing

/// The built `papers` on libraries it must not use as they are: written by a newer version,
/// damaged, or not a papers library.
@Suite("papers on newer, damaged and foreign libraries")
struct PapersDataSafetyTests {
    let papers = BinaryRunner(product: "papers")
    let feed = FixtureFiles.root.appendingPathComponent("arxiv/search-all-testing-100-entries.xml").path
    let other = FixtureFiles.root.appendingPathComponent("arxiv/legacy2016-au-del_maestro-10-of-31.xml").path

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A library of the 100-entry fixture, imported by this version.
    func makeLibrary(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("papers.sqlite").path
        let imported = try papers.run(["import", feed, "--db", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        return path
    }

    @Test("a library a newer version migrated (v99) is refused for reading and for importing, exit 74")
    func newerVersion() throws {
        let directory = try TemporaryDirectory()
        let path = try makeLibrary(directory)
        try SQLiteShell.run(path, "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
        let before = try bytes(path)
        for command in [["library", "stats"], ["library", "search", "testing"], ["import", other]] {
            let result = try papers.run(command + ["--db", path])
            #expect(result.status == 74, "\(command)")
            #expect(
                result.stderr
                    == "papers: error: the library at \(path) was written by a newer version of papers (it records migrations v99 this version does not know): upgrade papers to use it; nothing was changed\n",
                "\(command)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try bytes(path) == before)
    }

    @Test(
        "120 random bytes in the middle of a library: search and import exit 74 saying it is damaged, no partial answer"
    )
    func damaged() throws {
        let directory = try TemporaryDirectory()
        let path = try makeLibrary(directory)
        let whole = try papers.run(["library", "search", "testing", "--format", "plain", "--limit", "20", "--db", path])
        #expect(whole.stdout.split(separator: "\n").count == 20)
        try SQLiteShell.damage(path)
        let before = try bytes(path)
        for command in [
            ["library", "search", "testing", "--limit", "20"], ["library", "stats"], ["favorites"], ["import", other],
        ] {
            let result = try papers.run(command + ["--db", path])
            #expect(result.status == 74, "\(command): \(result.stdout)")
            #expect(result.stdout.isEmpty, "\(command)")
            #expect(result.stderr.hasPrefix("papers: error: the library at \(path) is damaged: "), "\(command)")
            #expect(result.stderr.hasSuffix("; restore it from a backup (nothing was written to it)\n"), "\(command)")
        }
        #expect(try bytes(path) == before)
    }

    @Test("an empty file and another program's database are not a papers library: exit 74, left as they were")
    func notAPapersLibrary() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for command in [["library", "stats"], ["import", other]] {
            let result = try papers.run(command + ["--db", empty])
            #expect(result.status == 74, "\(command)")
            #expect(
                result.stderr
                    == "papers: error: \(empty) is not a papers database (it is empty); pass the right file with --db, or move this one away to start a new library\n"
            )
        }
        #expect(try bytes(empty).isEmpty)
        let coffee = directory.path("coffee.sqlite").path
        try SQLiteShell.run(coffee, "CREATE TABLE orders (id TEXT PRIMARY KEY); CREATE TABLE menu_items (name TEXT);")
        let result = try papers.run(["import", other, "--db", coffee])
        #expect(result.status == 74)
        #expect(result.stderr.contains("is not a papers database (it holds other tables: menu_items, orders)"))

        // coffee's migration ids are v1 to v4, papers' v1 to v3: the file's application_id tells them apart.
        let orders = directory.path("orders.sqlite").path
        let placed = try BinaryRunner(product: "coffee").run(
            ["order", "--name", "Ada", "--coffee", "latte", "--size", "small", "--db", orders])
        #expect(placed.status == 0, "\(placed.stderr)")
        for command in [["library", "stats"], ["import", other]] {
            let refused = try papers.run(command + ["--db", orders])
            #expect(refused.status == 74, "\(command)")
            #expect(
                refused.stderr.contains("\(orders) is not a papers database (it holds other tables: "), "\(command)")
        }
    }
}
