import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

/// A workspace whose files end their lines with CRLF (a Windows checkout, `core.autocrlf`): the
/// `Feature(…)` list is found by its syntax, so `new` and `upgrade` edit it like any other.
@Suite("strata new and upgrade in a CRLF workspace (end to end)")
struct CRLFWorkspaceTests {
    let strata = BinaryRunner(product: "strata")

    static func crlf(_ url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: url)
    }

    @Test("strata create, CRLF line endings: new adds the Feature entry, upgrade replaces it, every line stays CRLF")
    func newAndUpgrade() throws {
        let directory = try TemporaryDirectory()
        let created = try strata.run(["create", "Shop"], in: directory.url)
        try #require(created.status == 0, "\(created.stderr)")
        let shop = directory.path("Shop")
        let manifest = shop.appendingPathComponent("Package.swift")
        try Self.crlf(manifest)
        try Self.crlf(shop.appendingPathComponent("strata.yml"))

        let new = try strata.run(["new", "Orders", "--path", shop.path], timeout: 300)
        try #require(new.status == 0, "\(new.stderr)")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(
            text.contains(
                "\r\n    Feature(\"Orders\", app: \"orders\", infrastructure: [\"Database\"], appDependencies: [\"WebSupport\", hummingbird, plot]),\r\n]\r\n"
            ), "\(text)")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF was written")

        // Version 2 of the set: the Feature entry gains a dependency.
        let copy = try strata.run(["templates", "--copy", "Feature", "--path", shop.path])
        try #require(copy.status == 0, "\(copy.stderr)")
        let description = shop.appendingPathComponent(".strata/templates/Feature/template.json")
        let json = try String(contentsOf: description, encoding: .utf8)
        let changed = json.replacingOccurrences(
            of: #"appDependencies: [\"WebSupport\", hummingbird, plot])"#,
            with: #"appDependencies: [\"WebSupport\", hummingbird, plot, logging])"#)
        try #require(changed != json, "the set's manifestEntry is not the one this test changes")
        try Data(changed.utf8).write(to: description)
        #expect(try strata.run(["upgrade", "--check", "--path", shop.path]).status == 1)

        let upgrade = try strata.run(["upgrade", "--path", shop.path], timeout: 300)
        #expect(upgrade.status == 0, "\(upgrade.stdout) \(upgrade.stderr)")
        #expect(upgrade.stdout.contains("the Orders entry is now"), "\(upgrade.stdout)")
        text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(
            text.contains(
                "\r\n    Feature(\"Orders\", app: \"orders\", infrastructure: [\"Database\"], appDependencies: [\"WebSupport\", hummingbird, plot, logging]),\r\n]\r\n"
            ), "\(text)")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF was written")
        let check = try strata.run(["upgrade", "--check", "--path", shop.path])
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")

        // And remove finds the upgraded entry as the record now has it.
        let remove = try strata.run(["remove", "Orders", "--force", "--path", shop.path], timeout: 300)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(!(try String(contentsOf: manifest, encoding: .utf8)).contains("Feature(\"Orders\""))
    }
}
