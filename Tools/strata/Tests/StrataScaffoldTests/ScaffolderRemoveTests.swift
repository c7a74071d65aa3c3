import Foundation
import Testing

@testable import StrataScaffold

@Suite("strata remove")
struct ScaffolderRemoveTests {
    @Test("new then remove leaves the tree byte for byte as before, with SwiftPM checking both edits")
    func roundTrip() throws {
        let fixture = try Fixture()
        let before = fixture.snapshot()
        let runner = try ScaffoldRunner(path: fixture.root.path)
        let created = try runner.new("IOStats", template: nil, dryRun: false)
        #expect(created.contains("created feature IOStats (app io-stats"))
        #expect(created.contains("swift test --filter IOStats"))
        #expect(fixture.snapshot() != before)
        let removed = try runner.remove("IOStats", force: false, dryRun: false)
        #expect(removed.contains("removed feature IOStats"))
        #expect(fixture.snapshot() == before)
    }

    @Test("two features come and go independently; Apps/ stays while one still uses it")
    func twoFeatures() throws {
        let fixture = try Fixture()
        let before = fixture.snapshot()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        _ = try runner.new("Notes", template: nil, dryRun: false)
        let withNotes = fixture.snapshot()
        _ = try runner.new("Ledgers", template: nil, dryRun: false)
        _ = try runner.remove("Ledgers", force: false, dryRun: false)
        #expect(fixture.snapshot() == withNotes)
        _ = try runner.remove("Notes", force: false, dryRun: false)
        #expect(fixture.snapshot() == before)
    }

    @Test("a remove dry run deletes nothing and shows the manifest diff")
    func dryRun() throws {
        let fixture = try Fixture()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        _ = try runner.new("Notes", template: nil, dryRun: false)
        let before = fixture.snapshot()
        let output = try runner.remove("Notes", force: false, dryRun: true)
        #expect(fixture.snapshot() == before)
        #expect(output.contains("delete file    Modules/Notes/Entity/NotesItem.swift"))
        #expect(output.contains("-    Feature(\"Notes\""))
    }

    @Test("a changed, deleted or added file makes remove refuse, naming it; nothing is removed")
    func refusesChanges() throws {
        let fixture = try Fixture()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        _ = try runner.new("Notes", template: nil, dryRun: false)
        try fixture.write("// edited\n", to: "Modules/Notes/UseCase/NotesUseCase.swift")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Apps/notes/AddCommand.swift"))
        try fixture.write("// mine\n", to: "Modules/Notes/Entity/Extra.swift")
        let before = fixture.snapshot()
        let error = #expect(throws: StrataError.self) { try runner.remove("Notes", force: false, dryRun: false) }
        #expect(error?.kind == .conflict)
        #expect(error?.exitCode == 67)
        #expect(error?.message.contains("Modules/Notes/UseCase/NotesUseCase.swift (modified)") == true)
        #expect(error?.message.contains("Apps/notes/AddCommand.swift (deleted)") == true)
        #expect(error?.message.contains("--force") == true)
        #expect(fixture.snapshot() == before)
    }

    @Test("--force removes the generated files, edited ones included, and keeps a developer's own")
    func force() throws {
        let fixture = try Fixture()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        let manifest = fixture.read("Package.swift")
        _ = try runner.new("Notes", template: nil, dryRun: false)
        try fixture.write("// edited\n", to: "Modules/Notes/UseCase/NotesUseCase.swift")
        try fixture.write("// mine\n", to: "Modules/Notes/Entity/Extra.swift")
        let output = try runner.remove("Notes", force: true, dryRun: false)
        #expect(output.contains("kept Modules/Notes/Entity/Extra.swift"))
        #expect(fixture.read("Modules/Notes/Entity/Extra.swift") == "// mine\n")
        #expect(
            !FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Modules/Notes/UseCase").path))
        #expect(fixture.read("Package.swift") == manifest)
    }

    @Test("an edited manifest line is a change too; --force removes the edited line")
    func editedManifestLine() throws {
        let fixture = try Fixture()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        let manifest = fixture.read("Package.swift")
        _ = try runner.new("Notes", template: nil, dryRun: false)
        let edited = fixture.read("Package.swift").replacingOccurrences(
            of: "app: \"notes\", infrastructure: [\"Database\"",
            with: "app: \"notes\", infrastructure: [\"Database\", \"HTTPClient\"")
        try fixture.write(edited, to: "Package.swift")
        let error = #expect(throws: StrataError.self) { try runner.remove("Notes", force: false, dryRun: false) }
        #expect(error?.message.contains("Package.swift") == true)
        _ = try runner.remove("Notes", force: true, dryRun: false)
        #expect(fixture.read("Package.swift") == manifest)
    }

    @Test("a feature strata did not generate, or that does not exist, is refused")
    func notGenerated() throws {
        let fixture = try Fixture()
        try fixture.write("public enum X {}\n", to: "Modules/Coffee/Entity/X.swift")
        let before = fixture.snapshot()
        let runner = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator())
        let error = #expect(throws: StrataError.self) { try runner.remove("Coffee", force: true, dryRun: false) }
        #expect(error?.kind == .notFound)
        #expect(error?.message.contains("strata did not generate Coffee") == true)
        let missing = #expect(throws: StrataError.self) { try runner.remove("Nothing", force: false, dryRun: false) }
        #expect(missing?.message.contains("there is no feature Nothing") == true)
        #expect(fixture.snapshot() == before)
    }

    @Test("a failure injected at any step of remove leaves the tree as it was")
    func failureAtEveryStep() throws {
        let fixture = try Fixture()
        var scaffolder = try fixture.scaffolder()
        try scaffolder.apply(try scaffolder.planNew("Notes", templates: try fixture.builtIn))
        let before = fixture.snapshot()
        let plan = try scaffolder.planRemove("Notes", force: false)
        let steps = plan.files.count + plan.directories.count + 2
        for failing in 0..<steps {
            var counter = 0
            scaffolder.beforeStep = { step in
                defer { counter += 1 }
                if counter == failing { throw StrataError.storage("injected failure at \(step)") }
            }
            #expect(throws: StrataError.self) { try scaffolder.apply(plan) }
            #expect(fixture.snapshot() == before, "after a failure at step \(failing)")
        }
    }
}
