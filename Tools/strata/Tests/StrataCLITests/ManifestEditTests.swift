import Foundation
import StrataTestSupport
import Testing

/// `strata new Notes` then `strata remove Notes` on copies of real manifests: SwiftPM reads the
/// edited manifest, and the removal gives back every byte.
@Suite("strata new and remove on real manifests")
struct ManifestEditTests {
    let strata = BinaryRunner(product: "strata")

    static let fixtures = Monorepo.toolPackage.appendingPathComponent("Tests/StrataCLITests/Fixtures/manifests")

    /// A manifest with CRLF line endings and tab indentation, as a Windows editor leaves one.
    static let crlfTabs = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
        \tname: "Shelf",
        \ttargets: [
        \t\t.target(name: "Shelf"),
        \t\t.testTarget(name: "ShelfTests", dependencies: ["Shelf"])
        \t]
        )

        """.replacingOccurrences(of: "\n", with: "\r\n")

    /// swift-service-lifecycle's loop over `package.targets` with its body under `#if`, the form
    /// a manifest takes to set a flag only older compilers need.
    static func lifecycleWithIf() throws -> Data {
        let loop = "    target.swiftSettings?.append(.enableUpcomingFeature(\"StrictConcurrency\"))\n"
        let text = try String(
            contentsOf: fixtures.appendingPathComponent("swift-service-lifecycle-82b371e.swift"), encoding: .utf8)
        try #require(text.contains(loop))
        return Data(text.replacingOccurrences(of: loop, with: "#if compiler(<6.2)\n" + loop + "#endif\n").utf8)
    }

    static func manifest(_ name: String) throws -> Data {
        switch name {
        case "crlf-tabs": Data(crlfTabs.utf8)
        case "swift-service-lifecycle-if": try lifecycleWithIf()
        default: try Data(contentsOf: fixtures.appendingPathComponent("\(name).swift"))
        }
    }

    @Test(
        "new Notes: dump-package reads the manifest; remove Notes: Package.swift is byte-identical",
        arguments: [
            "swift-tagged", "swift-service-lifecycle", "swift-service-lifecycle-82b371e", "swift-service-lifecycle-if",
            "crlf-tabs",
        ])
    func newThenRemove(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let original = try Self.manifest(name)
        try original.write(to: directory.path("Package.swift"))
        let new = try strata.run(["new", "Notes", "--path", directory.url.path], timeout: 300)
        try #require(new.status == 0, "\(new.stderr)")
        let edited = try String(contentsOf: directory.path("Package.swift"), encoding: .utf8)
        #expect(edited.contains(#".target(name: "NotesEntity", dependencies: [], path: "Sources/NotesEntity"),"#))
        if name == "crlf-tabs" {
            #expect(!edited.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a line lost its CR")
            #expect(edited.contains("\t\t.target(name: \"NotesEntity\""))
        }
        let dump = try SmokeShell.run(
            ["swift", "package", "dump-package"], in: directory.url, timeout: 120)
        #expect(dump.status == 0 && dump.output.contains("\"NotesEntity\""), "\(dump.tail)")
        let remove = try strata.run(["remove", "Notes", "--path", directory.url.path], timeout: 300)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try Data(contentsOf: directory.path("Package.swift")) == original)
    }

    @Test("remove --force takes the feature's targets out of a manifest whose added lines were edited")
    func forcedRemoveAfterEdit() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.path("Package.swift")
        try Self.manifest("swift-tagged").write(to: manifest)
        let new = try strata.run(["new", "Notes", "--path", directory.url.path], timeout: 300)
        try #require(new.status == 0, "\(new.stderr)")
        let edited = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: #"path: "Sources/NotesEntity")"#, with: #"path: "Sources/NotesEntity", exclude: [])"#)
        try Data(edited.utf8).write(to: manifest)
        let refused = try strata.run(["remove", "Notes", "--path", directory.url.path], timeout: 300)
        #expect(refused.status == 67, "\(refused.stderr)")
        let forced = try strata.run(["remove", "Notes", "--force", "--path", directory.url.path], timeout: 300)
        #expect(forced.status == 0, "\(forced.stderr)")
        let left = try String(contentsOf: manifest, encoding: .utf8)
        #expect(!left.contains("Notes"), "\(left)")
        #expect(left.contains(#".testTarget(name: "TaggedTimeTests", dependencies: ["TaggedTime"]),"#))
    }
}
