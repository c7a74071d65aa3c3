import Core
import Foundation
import StrataScaffold
import TestSupport
import Testing

/// `strata` run as a user runs it, on a small package in a temporary folder.
@Suite("strata new, remove and templates (end to end)")
struct ScaffoldCommandTests {
    let strata = BinaryRunner(product: "strata")

    /// A package with the real manifest and templates.
    func package() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: ScaffoldRepository.root.appendingPathComponent("Package.swift"), to: directory.path("Package.swift"))
        try FileManager.default.createDirectory(
            at: directory.path("Tools/Templates"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ScaffoldRepository.root.appendingPathComponent(TemplateSet.builtInPath),
            to: directory.path(TemplateSet.builtInPath))
        return directory
    }

    @Test("an accented name is refused with the name its letters spell, accents dropped")
    func accentedName() throws {
        let directory = try package()
        let result = try strata.run(["new", "Ünïcode", "--dry-run", "--path", directory.url.path])
        #expect(result.status == ErrorKind.usage.exitCode)
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
        #expect(none.status == ErrorKind.notFound.exitCode)
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
        #expect(again.status == ErrorKind.conflict.exitCode)
        #expect(again.stderr.hasPrefix("strata: error: "))
        let remove = try strata.run(["remove", "CoinFlips", "--path", directory.url.path])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try Data(contentsOf: directory.path("Package.swift")) == manifest)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "Package.swift", "Tools",
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
                "new", "Notes", "--path", directory.url.path, "--templates", directory.path("nowhere").path,
            ]).status == 66)
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
                "Package.swift", "Tools",
            ])
    }

    @Test("templates lists the built-in set and another given with --templates; new uses that other set")
    func templates() throws {
        let directory = try package()
        let other = directory.path("Mine")
        try FileManager.default.copyItem(at: directory.path(TemplateSet.builtInPath), to: other)
        let description = other.appendingPathComponent(TemplateSet.descriptionFile)
        let text = String(decoding: try Data(contentsOf: description), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"name\": \"Feature\"", with: "\"name\": \"Mine\"").utf8).write(
            to: description)
        try Data("// {{ title }} notes\n".utf8).write(
            to: other.appendingPathComponent("files/Modules/__name__/NOTES.md.stencil"))
        let listed = try strata.run(["templates", "--path", directory.url.path, "--templates", other.path])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Feature  Tools/Templates/Feature"))
        #expect(listed.stdout.contains("Mine  Mine"))
        #expect(listed.stdout.contains("Modules/__name__/Entity/__name__Item.swift"))
        let new = try strata.run([
            "new", "HTTPLogs", "--path", directory.url.path, "--templates", other.path, "--dry-run",
        ])
        #expect(new.stdout.contains("create file    Modules/HTTPLogs/NOTES.md"))
    }
}
