import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

/// A generation record edited to name files the template never made: `upgrade` and `remove`
/// refuse it with the record's path and line, and delete nothing.
@Suite("an edited generation record (end to end)")
struct EditedRecordTests {
    let strata = BinaryRunner(product: "strata")
    static let record = ".strata/generated/Orders.json"

    /// A package with feature Orders from the Mini set, and files of the package's own beside it.
    func package() throws -> UpgradePackage {
        let package = try UpgradePackage()
        let new = try strata.run(["new", "Orders", "--template", "Mini", "--path", package.url.path])
        try #require(new.status == 0, "\(new.stderr)")
        try package.write("Makefile", "all:\n\tswift build\n")
        try package.write("strata.yml", "version: 1\nlayers:\n  - name: base\n    targets: [Base]\n")
        try package.write("README.md", "# Shop\n")
        return package
    }

    /// The record with `paths` appended to its files, each with its real hash, written back.
    func appending(_ paths: [String], to package: UpgradePackage) throws {
        let url = package.directory.path(Self.record)
        var record = try GenerationRecord.decode(try Data(contentsOf: url), path: Self.record)
        for path in paths {
            let contents = FileManager.default.contents(atPath: package.directory.path(path).path) ?? Data()
            record.files.append(.init(path: path, rendering: contents))
        }
        try record.encoded().write(to: url)
    }

    /// The 1-based line of the record where `text` first appears.
    func line(of text: String, in package: UpgradePackage) throws -> Int {
        let lines = try #require(package.read(Self.record)).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test(
        "Makefile, strata.yml and README.md appended with their real hashes: upgrade and remove exit 78 and delete nothing"
    )
    func filesOutsideTheFeature() throws {
        let package = try package()
        let path = package.url.path
        try appending(["Makefile", "strata.yml", "README.md"], to: package)
        // v2 drops a file, so the upgrade has deletions to make.
        try package.writeSet(version: 2, change: .dropsFile)
        let before = TreeSnapshotLines.take(package.url)
        let expected = "strata: error: \(Self.record):\(try line(of: "\"Makefile\"", in: package)): "
        for arguments in [
            ["upgrade"], ["upgrade", "--dry-run"], ["remove", "Orders"], ["remove", "Orders", "--force"],
        ] {
            let run = try strata.run(arguments + ["--path", path])
            #expect(run.status == 78, "\(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.hasPrefix(expected), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("names a file Makefile"), "\(arguments): \(run.stderr)")
            #expect(!run.stdout.contains("deleted"), "\(arguments): \(run.stdout)")
            #expect(TreeSnapshotLines.take(package.url) == before, "\(arguments) changed the tree")
        }
    }

    @Test("a path outside the package is refused as the record's, at its line, not as a template's file name")
    func pathOutsideThePackage() throws {
        let package = try package()
        let path = package.url.path
        for outside in ["../elsewhere.swift", "/etc/hostname", "Sources/OrdersCore/../../Makefile"] {
            try package.writeSet(version: 1, change: nil)
            let url = package.directory.path(Self.record)
            let original = try Data(contentsOf: url)
            var record = try GenerationRecord.decode(original, path: Self.record)
            record.files.append(.init(path: outside, rendering: Data("x".utf8)))
            try record.encoded().write(to: url)
            let expected = "strata: error: \(Self.record):\(try line(of: outside, in: package)): the record names"
            for arguments in [["upgrade"], ["remove", "Orders", "--force"]] {
                let run = try strata.run(arguments + ["--path", path])
                #expect(run.status == 78, "\(outside) \(arguments): \(run.stderr)")
                #expect(run.stderr.hasPrefix(expected), "\(outside) \(arguments): \(run.stderr)")
                #expect(!run.stderr.contains("template's file name"), "\(run.stderr)")
            }
            try original.write(to: url)
        }
    }

    @Test("the record unedited: upgrade deletes the file the template dropped, inside the feature")
    func uneditedRecordStillUpgrades() throws {
        let package = try package()
        try package.writeSet(version: 2, change: .dropsFile)
        let run = try strata.run(["upgrade", "--path", package.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(package.read(UpgradePackage.legacy("Orders")) == nil)
        #expect(package.read("Makefile") != nil && package.read("README.md") != nil)
    }
}
