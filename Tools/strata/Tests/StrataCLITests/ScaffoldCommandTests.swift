import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

/// `strata` run as a user runs it, on a small package in a temporary folder.
@Suite("strata new, remove and templates (end to end)")
struct ScaffoldCommandTests {
    let strata = BinaryRunner(product: "strata")

    /// A package with the real manifest (the templates are built into strata).
    func package() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: ScaffoldRepository.root.appendingPathComponent("Package.swift"), to: directory.path("Package.swift"))
        return directory
    }

    @Test("an accented name is refused with the name its letters spell, accents dropped")
    func accentedName() throws {
        let directory = try package()
        let result = try strata.run(["new", "Ünïcode", "--dry-run", "--path", directory.url.path])
        #expect(result.status == StrataError.Kind.usage.exitCode)
        #expect(result.stderr.contains("(did you mean Unicode?)"), "\(result.stderr)")
    }

    @Test("from a folder inside the package, strata finds the package as SwiftPM does; --path still wins")
    func findsThePackageFromASubfolder() throws {
        let directory = try package()
        let inside = directory.path("Modules/Core/Deeper")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let new = try strata.run(["new", "Shelf", "--dry-run"], in: inside)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("create file    Modules/Shelf/Entity/ShelfItem.swift"))
        let outside = try TemporaryDirectory()
        let none = try strata.run(["new", "Shelf", "--dry-run"], in: outside.url)
        #expect(none.status == StrataError.Kind.notFound.exitCode)
        #expect(none.stderr.contains("no Package.swift in"))
        let given = try strata.run(["new", "Shelf", "--dry-run", "--path", directory.url.path], in: outside.url)
        #expect(given.status == 0, "\(given.stderr)")
    }

    @Test("new then remove: exit 0, the report names the files and next commands, and the tree comes back")
    func newThenRemove() throws {
        let directory = try package()
        let manifest = try Data(contentsOf: directory.path("Package.swift"))
        let new = try strata.run(["new", "CoinFlips", "--path", directory.url.path])
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("Modules/CoinFlips/Presenter/CoinFlipsListPresenter.swift"))
        #expect(new.stdout.contains("swift run coin-flips"))
        let again = try strata.run(["new", "CoinFlips", "--path", directory.url.path])
        #expect(again.status == StrataError.Kind.conflict.exitCode)
        #expect(again.stderr.hasPrefix("strata: error: "))
        let remove = try strata.run(["remove", "CoinFlips", "--path", directory.url.path])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try Data(contentsOf: directory.path("Package.swift")) == manifest)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "Package.swift"
            ])
    }

    @Test(
        "exit codes: 64 for a bad name, 2 for a missing argument, 66 for a feature strata did not make or a missing template set"
    )
    func exitCodes() throws {
        let directory = try package()
        let bad = try strata.run(["new", "coin-flips", "--path", directory.url.path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("UpperCamelCase"))
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(try strata.run(["remove", "Coffee", "--path", directory.url.path]).status == 66)
        #expect(
            try strata.run([
                "new", "Notes", "--path", directory.url.path, "--template", directory.path("nowhere").path,
            ]).status == 66)
        let unknown = try strata.run(["new", "Notes", "--path", directory.url.path, "--template", "Screens"])
        #expect(unknown.status == 66 && unknown.stderr.contains("the sets are Feature, Layers"), "\(unknown.stderr)")
        // A missing argument is a usage error: 64, as in every app.
        #expect(try strata.run(["new"]).status == 64)
        #expect(try strata.run(["new", "Notes", "--path", directory.path("nowhere").path]).status == 66)
    }

    @Test("--dry-run prints the files and the diff and writes nothing")
    func dryRun() throws {
        let directory = try package()
        let result = try strata.run(["new", "Notes", "--dry-run", "--path", directory.url.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("create file    Tests/NotesAppTests/NotesAppTests.swift"))
        #expect(result.stdout.contains("+    Feature(\"Notes\", app: \"notes\""))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "Package.swift"
            ])
    }

    @Test("templates lists the built-in sets and the package's own; --copy makes one to edit; new --template uses it")
    func templates() throws {
        let directory = try package()
        let copied = try strata.run(["templates", "--copy", "Feature", "--path", directory.url.path])
        #expect(copied.status == 0, "\(copied.stderr)")
        let other = directory.path(".strata/templates/Mine")
        try FileManager.default.moveItem(at: directory.path(".strata/templates/Feature"), to: other)
        let description = other.appendingPathComponent(TemplateSet.descriptionFile)
        let text = String(decoding: try Data(contentsOf: description), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"name\": \"Feature\"", with: "\"name\": \"Mine\"").utf8).write(
            to: description)
        try Data("// {{ title }} notes\n".utf8).write(
            to: other.appendingPathComponent("files/Modules/__name__/NOTES.md.stencil"))
        let listed = try strata.run(["templates", "--path", directory.url.path])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Feature  built in  (default here)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("Layers  built in\n"))
        #expect(listed.stdout.contains("Mine  .strata/templates/Mine"))
        #expect(listed.stdout.contains("Modules/__name__/Entity/__name__Item.swift"))
        let new = try strata.run([
            "new", "HTTPLogs", "--path", directory.url.path, "--template", "Mine", "--dry-run",
        ])
        #expect(new.stdout.contains("create file    Modules/HTTPLogs/NOTES.md"), "\(new.stderr)")
    }
}
