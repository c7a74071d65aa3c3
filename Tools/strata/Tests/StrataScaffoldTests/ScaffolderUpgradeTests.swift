import Foundation
import StrataTestSupport
import Testing

@testable import StrataScaffold

@Suite("strata upgrade (plan and apply)")
struct ScaffolderUpgradeTests {
    static let item = "Modules/Notes/Entity/NotesItem.swift"

    /// The built-in Feature set with one line of the entity changed, a file added and the app's views
    /// dropped; with `entry`, the Feature entry gains a dependency too.
    func changedSet(_ fixture: Fixture, entry: Bool = false) throws -> TemplateSet {
        try fixture.templateCopy("Feature2") { url in
            if entry {
                let description = url.appendingPathComponent("template.json")
                let json = try String(contentsOf: description, encoding: .utf8)
                let changed = json.replacingOccurrences(
                    of: #"infrastructure: [\"Database\"]"#, with: #"infrastructure: [\"Database\", \"HTTPClient\"]"#)
                try #require(changed != json)
                try Data(changed.utf8).write(to: description)
            }
            let files = url.appendingPathComponent("files")
            let entity = files.appendingPathComponent("Modules/__name__/Entity/__name__Item.swift.stencil")
            let text = try String(contentsOf: entity, encoding: .utf8)
            try Data(
                text.replacingOccurrences(
                    of: "    /// The item's identifier.\n", with: "    /// The item's identifier, set once.\n"
                ).utf8
            ).write(to: entity)
            try Data("public enum {{ name }}Note {}\n".utf8).write(
                to: files.appendingPathComponent("Modules/__name__/Entity/__name__Note.swift.stencil"))
            try FileManager.default.removeItem(at: files.appendingPathComponent("Apps/__app__/Views.swift.stencil"))
        }
    }

    /// A fixture with feature Notes generated, and a line of the user's in its item.
    func notesWithAnEdit() throws -> (Fixture, Scaffolder) {
        let fixture = try Fixture()
        let scaffolder = try fixture.scaffolder()
        try scaffolder.apply(try scaffolder.planNew("Notes", templates: try fixture.builtIn))
        let mine = fixture.read(Self.item).replacingOccurrences(
            of: "public struct NotesItem:", with: "/// Mine.\npublic struct NotesItem:")
        try fixture.write(mine, to: Self.item)
        return (fixture, scaffolder)
    }

    @Test("the plan merges, adds and deletes; a failure injected at any step of applying it leaves the tree as it was")
    func failureAtEveryStep() throws {
        let (fixture, scaffolder) = try notesWithAnEdit()
        let set = try changedSet(fixture)
        let plan = try scaffolder.planUpgrade(try scaffolder.generatedFeatures()) { _ in set }
        let writes = plan.features.flatMap(\.files).filter { $0.write != nil }
        #expect(
            writes.map { "\($0.outcome) \($0.path)" }.sorted() == [
                "added Modules/Notes/Entity/NotesNote.swift", "deleted Apps/notes/Views.swift",
                "merged \(Self.item)",
            ])
        // Each write, then the record.
        fixture.expectRollback(atEachOf: writes.count + 1, scaffolder) { try $0.apply(plan) }
        try scaffolder.apply(plan)
        #expect(fixture.read(Self.item).contains("/// Mine.") && fixture.read(Self.item).contains("set once."))
        let again = try scaffolder.planUpgrade(try scaffolder.generatedFeatures()) { _ in set }
        #expect(!again.writesAnything && !again.features.contains(where: \.isBehind))
    }

    @Test(
        "an upgrade killed before any step (the record last): the next upgrade sees it behind and ends as one run would"
    )
    func killedAtEveryStep() throws {
        let (fixture, scaffolder) = try notesWithAnEdit()
        // Version 2 also gives the Feature entry a dependency: the manifest has its own step.
        let set = try changedSet(fixture, entry: true)
        let pristine = fixture.directory.url.appendingPathComponent("pristine")
        try FileManager.default.copyItem(at: fixture.root, to: pristine)

        // One uninterrupted run: its steps, and the tree it leaves.
        final class Steps { var names: [String] = [] }
        let steps = Steps()
        var counting = scaffolder
        counting.beforeStep = { steps.names.append($0) }
        try counting.apply(try scaffolder.planUpgrade(try scaffolder.generatedFeatures()) { _ in set })
        let finished = fixture.snapshot()
        #expect(steps.names.last == "write Modules/Notes/.strata-generated.json", "\(steps.names)")
        #expect(
            fixture.read("Package.swift").contains(
                #"Feature("Notes", app: "notes", infrastructure: ["Database", "HTTPClient"]"#))

        for killed in steps.names.indices {
            let run = try TemporaryDirectory()
            let tree = run.url.appendingPathComponent("package")
            let atKill = run.url.appendingPathComponent("killed")
            try FileManager.default.copyItem(at: pristine, to: tree)
            var dying = Scaffolder(root: try PackageRoot(path: tree.path), validator: StubValidator())
            var counter = 0
            // The process dies before step `killed`: what is on disk then is all that is left.
            dying.beforeStep = { step in
                defer { counter += 1 }
                if counter == killed {
                    try FileManager.default.copyItem(at: tree, to: atKill)
                    throw StrataError.storage("killed at \(step)")
                }
            }
            #expect(throws: StrataError.self) {
                try dying.apply(try dying.planUpgrade(try dying.generatedFeatures()) { _ in set })
            }
            let rerun = Scaffolder(root: try PackageRoot(path: atKill.path), validator: StubValidator())
            let plan = try rerun.planUpgrade(try rerun.generatedFeatures()) { _ in set }
            let step = steps.names[killed]
            let behind = plan.features.contains { $0.isBehind }
            #expect(behind, "killed at \(step): upgrade --check would pass")
            try rerun.apply(plan)
            #expect(TreeSnapshot.take(atKill) == finished, "killed at \(step)")
            let again = try rerun.planUpgrade(try rerun.generatedFeatures()) { _ in set }
            #expect(!again.writesAnything && !again.features.contains(where: \.isBehind))
        }
    }

    @Test("conflict markers name the user's side and the template's version; they are found again")
    func markers() throws {
        let base = Data("a\nb\nc\n".utf8)
        let merge = try ThreeWayMerge.merge(
            ours: Data("a\nB (mine)\nc\n".utf8), base: base, theirs: Data("a\nB (template)\nc\n".utf8), version: "2+abc"
        )
        let text = String(decoding: merge.contents, as: UTF8.self)
        #expect(merge.conflicts == 1)
        #expect(text == "a\n<<<<<<< yours\nB (mine)\n=======\nB (template)\n>>>>>>> template 2+abc\nc\n")
        #expect(ThreeWayMerge.hasMarkers(merge.contents))
        let clean = try ThreeWayMerge.merge(
            ours: Data("a (mine)\nb\nc\n".utf8), base: base, theirs: Data("a\nb\nc (template)\n".utf8), version: "2")
        #expect(clean.conflicts == 0 && clean.contents == Data("a (mine)\nb\nc (template)\n".utf8))
        #expect(!ThreeWayMerge.hasMarkers(clean.contents))
    }
}

extension Fixture {
    /// Applies with a failure injected at each of the first `steps` steps in turn; each time the tree must be as before.
    func expectRollback(atEachOf steps: Int, _ scaffolder: Scaffolder, apply: (Scaffolder) throws -> Void) {
        let before = snapshot()
        for failing in 0..<steps {
            var failingScaffolder = scaffolder
            var counter = 0
            failingScaffolder.beforeStep = { step in
                defer { counter += 1 }
                if counter == failing { throw StrataError.storage("injected failure at \(step)") }
            }
            #expect(throws: StrataError.self) { try apply(failingScaffolder) }
            #expect(snapshot() == before, "after a failure at step \(failing)")
        }
    }
}
