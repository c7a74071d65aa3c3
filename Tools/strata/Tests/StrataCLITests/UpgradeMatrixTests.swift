import Foundation
import StrataLint
import StrataScaffold
import StrataTestSupport
import Testing

/// `strata upgrade` on the built binary: template change × user edit, each cell a feature of one package.
@Suite("strata upgrade: the template change × user edit matrix (end to end)")
struct UpgradeMatrixTests {
    let strata = BinaryRunner(product: "strata")

    /// What the user did to the file the template change concerns.
    enum UserEdit: String, CaseIterable {
        case none, elsewhere, sameLines, deleted, renamed

        /// The feature that gets this edit.
        var feature: String { "Cell" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// The outcome each cell must have for the file the change concerns (`nil`: not listed at all).
    static func expected(_ change: UpgradePackage.TemplateChange, _ edit: UserEdit) -> String? {
        switch (change, edit) {
        case (.editsLine, .none): "updated"
        case (.editsLine, .elsewhere): "merged"
        case (.editsLine, .sameLines): "conflict"
        case (.dropsFile, .none): "deleted"
        case (.dropsFile, .elsewhere), (.dropsFile, .sameLines): "left"
        case (.dropsFile, .deleted), (.dropsFile, .renamed): nil
        case (_, .deleted), (_, .renamed): "left"
        case (_, .none): nil
        case (_, .elsewhere), (_, .sameLines): "kept"
        }
    }

    @Test(
        "each cell's outcome; no user line lost without a marker or a message; a second run changes nothing",
        arguments: UpgradePackage.TemplateChange.allCases)
    func matrix(change: UpgradePackage.TemplateChange) throws {
        let package = try UpgradePackage()
        let path = package.url.path
        for edit in UserEdit.allCases {
            let new = try strata.run(["new", edit.feature, "--template", "Mini", "--path", path])
            #expect(new.status == 0, "\(new.stderr)")
            #expect(new.stdout.contains("template Mini 1+"), "\(new.stdout)")
        }
        // A file where v2 adds one, in a feature of its own: a conflict, never an overwrite.
        if change == .addsFile {
            let new = try strata.run(["new", "Occupied", "--template", "Mini", "--path", path])
            #expect(new.status == 0, "\(new.stderr)")
            try package.write(UpgradePackage.extra("Occupied"), "// USER-OWN extra file\n")
        }
        var userLines: [String: [String]] = [:]
        for edit in UserEdit.allCases {
            let file = change == .dropsFile ? UpgradePackage.legacy(edit.feature) : UpgradePackage.main(edit.feature)
            let text = try #require(package.read(file))
            var lines = text.components(separatedBy: "\n")
            switch edit {
            case .none: continue
            case .elsewhere: lines.insert("    // USER-ADDED by \(edit.feature)", at: 2)
            case .sameLines:
                let index = try #require(lines.firstIndex { $0.contains("fourth = 4") || $0.contains("two = 2") })
                lines[index] += "  // USER-SAME"
            case .deleted:
                try FileManager.default.removeItem(at: package.directory.path(file))
                continue
            case .renamed:
                try FileManager.default.moveItem(
                    at: package.directory.path(file),
                    to: package.directory.path(file.replacingOccurrences(of: ".swift", with: "Renamed.swift")))
                continue
            }
            try package.write(file, lines.joined(separator: "\n"))
            userLines[edit.feature] = lines.filter { $0.contains("USER-") }
        }
        try package.writeSet(version: 2, change: change)
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == 1)

        let before = TreeSnapshotLines.take(package.url)
        let dryRun = try strata.run(["upgrade", "--dry-run", "--path", path])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(TreeSnapshotLines.take(package.url) == before, "--dry-run wrote something")
        for edit in UserEdit.allCases {
            let file = change == .dropsFile ? UpgradePackage.legacy(edit.feature) : UpgradePackage.main(edit.feature)
            let listed = dryRun.stdout.components(separatedBy: "\n").filter {
                $0.hasSuffix(" \(file)") || $0.contains(" \(file) (")
            }
            if let outcome = Self.expected(change, edit) {
                #expect(
                    listed.count == 1 && listed[0].hasPrefix("  \(outcome) "),
                    "\(change) × \(edit): \(listed) in\n\(dryRun.stdout)")
            } else {
                #expect(listed.isEmpty, "\(change) × \(edit): \(listed)")
            }
        }

        let upgrade = try strata.run(["upgrade", "--path", path])
        let conflicts = change == .editsLine || change == .addsFile
        #expect(upgrade.status == (conflicts ? 1 : 0), "\(upgrade.stdout)\(upgrade.stderr)")
        #expect(upgrade.stdout.contains("template Mini 2+"), "\(upgrade.stdout)")
        let after = TreeSnapshotLines.take(package.url)
        // The dry run listed exactly the files the upgrade changed (records and Package.swift aside).
        let changed = Set(before).symmetricDifference(after).compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        .filter { !$0.hasPrefix(".strata/") && $0 != "Package.swift" && $0.hasSuffix(".swift") }
        let writing = ["updated", "merged", "conflict", "added", "deleted"]
        let announced = dryRun.stdout.components(separatedBy: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, writing.contains(String(parts[0])), parts[1] != "Package.swift" else { return nil }
            return String(parts[1])
        }
        #expect(Set(changed) == Set(announced), "\(change): changed \(Set(changed).sorted()), announced \(announced)")

        // No user line is lost: it is in the tree, and where the file was not merged cleanly, the file is listed.
        let tree = try allText(package.url)
        for (feature, lines) in userLines {
            for line in lines { #expect(tree.contains(line), "\(change) × \(feature): lost \(line)") }
        }
        let mainText = { (edit: UserEdit) in package.read(UpgradePackage.main(edit.feature)) ?? "" }
        switch change {
        case .editsLine:
            #expect(mainText(.none).contains("fourth = 40"))
            #expect(mainText(.elsewhere).contains("fourth = 40") && mainText(.elsewhere).contains("USER-ADDED"))
            #expect(!mainText(.elsewhere).contains("<<<<<<<"))
            let conflict = mainText(.sameLines)
            #expect(
                conflict.contains("<<<<<<< yours") && conflict.contains("=======")
                    && conflict.contains(">>>>>>> template 2+"), "\(conflict)")
        case .addsFile:
            for edit in UserEdit.allCases { #expect(package.read(UpgradePackage.extra(edit.feature)) != nil) }
            let occupied = package.read(UpgradePackage.extra("Occupied")) ?? ""
            #expect(occupied.contains("USER-OWN") && occupied.contains("<<<<<<< yours"), "\(occupied)")
        case .dropsFile:
            #expect(package.read(UpgradePackage.legacy(UserEdit.none.feature)) == nil)
            #expect(package.read(UpgradePackage.legacy(UserEdit.elsewhere.feature)) != nil)
        case .addsTarget:
            let manifest = package.read("Package.swift") ?? ""
            for edit in UserEdit.allCases {
                #expect(manifest.contains("\"\(edit.feature)Support\""), "\(manifest)")
                #expect(package.read(UpgradePackage.support(edit.feature)) != nil)
            }
        }
        #expect(package.read(UpgradePackage.main(UserEdit.deleted.feature)) == nil || change == .dropsFile)
        #expect(
            !FileManager.default.fileExists(
                atPath: package.directory.path(UpgradePackage.legacy("CellNone")).path + ".rej"))

        let again = try strata.run(["upgrade", "--path", path])
        #expect(again.status == upgrade.status, "\(again.stdout)")
        #expect(TreeSnapshotLines.take(package.url) == after, "the second upgrade changed the tree")
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == (conflicts ? 1 : 0))
        if change == .addsTarget {
            // `remove` takes back what `new` and `upgrade` added, the new target included. Other features'
            // targets sit between the lines this one's record holds, so it takes --force, which removes the
            // recorded targets wherever they are.
            let remove = try strata.run(["remove", UserEdit.none.feature, "--force", "--path", path])
            #expect(remove.status == 0, "\(remove.stderr)")
            let manifest = package.read("Package.swift") ?? ""
            #expect(!manifest.contains("CellNoneSupport") && !manifest.contains("CellNoneCore"), "\(manifest)")
            #expect(package.read(UpgradePackage.support(UserEdit.none.feature)) == nil)
        }
    }

    @Test("a layer the new set adds joins strata.yml with its target: listed by --dry-run, added once")
    func addsLayer() throws {
        let package = try UpgradePackage()
        let path = package.url.path
        try package.write(
            "strata.yml", "version: 1\nlayers:\n  - name: base\n    targets: [Base]\n    may_use: []\n")
        #expect(try strata.run(["new", "Orders", "--template", "Mini", "--path", path]).status == 0)
        let before = package.read("strata.yml") ?? ""
        #expect(before.contains("- name: core") && !before.contains("- name: support"), "\(before)")
        try package.writeSet(version: 2, change: .addsTarget)
        let dryRun = try strata.run(["upgrade", "--dry-run", "--path", path])
        #expect(dryRun.stdout.contains("added") && dryRun.stdout.contains("strata.yml"), "\(dryRun.stdout)")
        #expect(package.read("strata.yml") == before)
        let upgrade = try strata.run(["upgrade", "--path", path])
        #expect(upgrade.status == 0, "\(upgrade.stdout) \(upgrade.stderr)")
        let after = package.read("strata.yml") ?? ""
        // One header above the set's layers, the new one among them; every line there before is kept.
        let kept = before.split(separator: "\n").allSatisfy { after.split(separator: "\n").contains($0) }
        #expect(kept && after.contains("- name: support"), "\(after)")
        #expect(after.components(separatedBy: "(template Mini)").count == 2, "\(after)")
        #expect(after.contains("{feature}Support"), "\(after)")
        #expect(try strata.run(["upgrade", "--path", path]).status == 0)
        #expect(package.read("strata.yml") == after, "a second upgrade changed strata.yml")
        let lint = try strata.run(["lint", "--path", path])
        #expect(!lint.stderr.contains("strata.yml:"), "\(lint.stderr)")
    }

    @Test("--check exits 1 while a feature is behind its set and 0 once upgraded; templates and new show the version")
    func check() throws {
        let package = try UpgradePackage()
        let path = package.url.path
        #expect(try strata.run(["new", "Orders", "--template", "Mini", "--path", path]).status == 0)
        let templates = try strata.run(["templates", "--path", path])
        #expect(
            templates.stdout.contains("Mini  .strata/templates/Mini\n  A small feature.\n  version 1+"),
            "\(templates.stdout)")
        #expect(templates.stdout.contains("  version \(StrataVersion.current)+"), "\(templates.stdout)")
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == 0)
        try package.writeSet(version: 2, change: .editsLine)
        let behind = try strata.run(["upgrade", "--check", "--path", path])
        #expect(behind.status == 1 && behind.stdout.contains("1 of 1 is behind"), "\(behind.stdout)")
        #expect(try strata.run(["upgrade", "Orders", "--path", path]).status == 0)
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == 0)
        #expect(try strata.run(["upgrade", "Nobody", "--path", path]).status == StrataError.Kind.notFound.exitCode)
    }

    @Test(
        "in a package from `strata create`: set v1, new Orders, an edit, set v2; upgrade merges; --check 1 before, 0 after"
    )
    func createdPackage() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("Shop").path
        let create = try strata.run(["create", "Shop", "--path", path])
        try #require(create.status == 0, "\(create.stderr)")
        #expect(try strata.run(["templates", "--copy", "Feature", "--path", path]).status == 0)
        #expect(try strata.run(["new", "Orders", "--path", path]).status == 0)
        let item = URL(fileURLWithPath: path).appendingPathComponent("Modules/Orders/Entity/OrdersItem.swift")
        let mine = "/// Orders are kept for seven years.\n"
        let generated = try String(contentsOf: item, encoding: .utf8)
        try Data(
            generated.replacingOccurrences(of: "public struct OrdersItem:", with: mine + "public struct OrdersItem:")
                .utf8
        )
        .write(to: item)
        let template = URL(fileURLWithPath: path).appendingPathComponent(
            ".strata/templates/Feature/files/Modules/__name__/Entity/__name__Item.swift.stencil")
        let text = try String(contentsOf: template, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "/// The item's identifier.\n", with: "/// The item's identifier, set once.\n"
            ).utf8
        )
        .write(to: template)
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == 1)
        let upgrade = try strata.run(["upgrade", "--path", path])
        #expect(upgrade.status == 0, "\(upgrade.stdout)\(upgrade.stderr)")
        #expect(upgrade.stdout.contains("merged    Modules/Orders/Entity/OrdersItem.swift"), "\(upgrade.stdout)")
        let merged = try String(contentsOf: item, encoding: .utf8)
        #expect(merged.contains(mine) && merged.contains("set once."), "\(merged)")
        #expect(try strata.run(["upgrade", "--check", "--path", path]).status == 0)
    }

    @Test(
        "targets: an entry as strata wrote it follows the template (changed, dropped); an edited one is kept and listed"
    )
    func targetEntries() throws {
        let package = try UpgradePackage()
        let path = package.url.path
        let set = ".strata/templates/Mini"
        try package.write(
            "\(set)/template.json",
            #"{"name": "Mini", "summary": "s", "modules": [{"name": "{{ name }}Core"}, {"name": "{{ name }}Old"}]}"#)
        try package.write(
            "\(set)/files/Sources/__name__Old/__name__Old.swift.stencil", "public enum {{ name }}Old {}\n")
        for name in ["Plain", "Edited"] {
            #expect(try strata.run(["new", name, "--template", "Mini", "--path", path]).status == 0)
        }
        var manifest = package.read("Package.swift") ?? ""
        for target in ["EditedCore", "EditedOld"] {
            manifest = manifest.replacingOccurrences(
                of: "path: \"Sources/\(target)\")", with: "path: \"Sources/\(target)\", exclude: [])")
        }
        try package.write("Package.swift", manifest)
        try package.write(
            "\(set)/template.json",
            #"{"name": "Mini", "summary": "s", "modules": [{"name": "{{ name }}Core", "dependencies": ["Base"]}]}"#)
        try FileManager.default.removeItem(at: package.directory.path("\(set)/files/Sources/__name__Old"))
        let upgrade = try strata.run(["upgrade", "--path", path])
        #expect(upgrade.status == 0, "\(upgrade.stdout)\(upgrade.stderr)")
        let after = package.read("Package.swift") ?? ""
        #expect(
            after.contains(#".target(name: "PlainCore", dependencies: ["Base"], path: "Sources/PlainCore"),"#),
            "\(after)")
        #expect(!after.contains("PlainOld") && package.read("Sources/PlainOld/PlainOld.swift") == nil, "\(after)")
        #expect(after.contains(#"path: "Sources/EditedOld", exclude: [])"#), "\(after)")
        #expect(after.contains(#"path: "Sources/EditedCore", exclude: [])"#), "\(after)")
        #expect(
            upgrade.stdout.contains("left      Package.swift (the template no longer declares EditedOld"),
            "\(upgrade.stdout)")
        #expect(upgrade.stdout.contains("left      Package.swift (the entry of EditedCore is not the one recorded"))
        let tree = TreeSnapshotLines.take(package.url)
        #expect(try strata.run(["upgrade", "--path", path]).status == 0)
        #expect(TreeSnapshotLines.take(package.url) == tree, "the second upgrade changed the tree")
    }

    @Test("a record without a base: untouched files are replaced, changed ones kept and listed, never merged")
    func recordWithoutBase() throws {
        let package = try UpgradePackage()
        let path = package.url.path
        for name in ["Plain", "Edited"] {
            #expect(try strata.run(["new", name, "--template", "Mini", "--path", path]).status == 0)
            // A record as strata wrote them before bases and versions were kept.
            let recordPath = ".strata/generated/\(name).json"
            var record = try #require(
                JSONSerialization.jsonObject(with: Data((package.read(recordPath) ?? "").utf8)) as? [String: Any])
            record["templateVersion"] = nil
            record["templateOrigin"] = nil
            record["modules"] = nil
            record["files"] = (record["files"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "base" } }
            try package.write(
                recordPath, String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self))
        }
        let edited = (package.read(UpgradePackage.main("Edited")) ?? "") + "// USER-ADDED at the end\n"
        try package.write(UpgradePackage.main("Edited"), edited)
        try package.writeSet(version: 2, change: .editsLine)
        let upgrade = try strata.run(["upgrade", "--path", path])
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        #expect(package.read(UpgradePackage.main("Plain"))?.contains("fourth = 40") == true)
        #expect(package.read(UpgradePackage.main("Edited")) == edited)
        #expect(
            upgrade.stdout.contains("left      \(UpgradePackage.main("Edited")) (no base recorded: merge by hand)"),
            "\(upgrade.stdout)")
    }

    private func allText(_ root: URL) throws -> String {
        var text = ""
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            text += String(
                decoding: FileManager.default.contents(atPath: root.appendingPathComponent(path).path) ?? Data(),
                as: UTF8.self)
        }
        return text
    }
}
