import Foundation
import Testing

@testable import StrataScaffold

@Suite("strata new")
struct ScaffolderNewTests {
    @Test("a dry run writes nothing and shows every file and the manifest diff")
    func dryRun() throws {
        let fixture = try Fixture()
        let before = fixture.snapshot()
        let output = try ScaffoldRunner(path: fixture.root.path, validator: StubValidator()).new(
            "HTTPLogs", template: nil, dryRun: true)
        #expect(fixture.snapshot() == before)
        #expect(output.contains("create file    Modules/HTTPLogs/Entity/HTTPLogsItem.swift"))
        #expect(output.contains("create file    Apps/http-logs/HTTPLogsCommand.swift"))
        #expect(output.contains("create file    Tests/HTTPLogsAppTests/HTTPLogsAppTests.swift"))
        #expect(output.contains("+++ b/Package.swift"))
        #expect(output.contains("+    Feature(\"HTTPLogs\", app: \"http-logs\""))
    }

    @Test("new writes every file, one manifest line and a record whose hashes match")
    func writes() throws {
        let fixture = try Fixture()
        let scaffolder = try fixture.scaffolder()
        let plan = try scaffolder.planNew("CoinFlips", templates: try fixture.builtIn)
        try scaffolder.apply(plan)
        for file in plan.files {
            #expect(
                FileManager.default.contents(atPath: fixture.root.appendingPathComponent(file.path).path)
                    == file.contents)
        }
        let record = try GenerationRecord.decode(
            Data(fixture.read(GenerationRecord.path(for: "CoinFlips", featureList: true)).utf8), path: "record")
        #expect(record.files.count == plan.files.count - 1)
        #expect(record.targets.contains("CoinFlipsPresenterTests"))
        #expect(
            fixture.read("Package.swift").contains(
                "    Feature(\"CoinFlips\", app: \"coin-flips\", infrastructure: [\"Database\""))
        #expect(fixture.read("Apps/coin-flips/CoinFlipsCommand.swift").contains("commandName: \"coin-flips\""))
        #expect(!fixture.read("Modules/CoinFlips/Presenter/CoinFlipsListPresenter.swift").contains("{{"))
    }

    @Test("a file or folder that exists is a conflict naming it; nothing is written")
    func existingFile() throws {
        let fixture = try Fixture()
        try fixture.write("mine\n", to: "Tests/NotesEntityTests/Mine.swift")
        let before = fixture.snapshot()
        let error = #expect(throws: StrataError.self) {
            try fixture.scaffolder().planNew("Notes", templates: try fixture.builtIn)
        }
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("Tests/NotesEntityTests") == true)
        #expect(fixture.snapshot() == before)
    }

    @Test("an existing target, product or feature is a conflict", arguments: ["Core", "Strata", "Notes"])
    func existingTarget(_ name: String) throws {
        let fixture = try Fixture()
        if name == "Notes" {
            try fixture.scaffolder().apply(try fixture.scaffolder().planNew("Notes", templates: try fixture.builtIn))
        }
        let before = fixture.snapshot()
        let error = #expect(throws: StrataError.self) {
            try fixture.scaffolder().planNew(name, templates: try fixture.builtIn)
        }
        #expect(error?.kind == .conflict)
        #expect(fixture.snapshot() == before)
    }

    @Test("a Modules or Tests link pointing outside the package is refused", arguments: ["Modules", "Tests"])
    func symlinkOutside(_ folder: String) throws {
        let fixture = try Fixture()
        let outside = fixture.directory.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(folder))
        try FileManager.default.createSymbolicLink(
            at: fixture.root.appendingPathComponent(folder), withDestinationURL: outside)
        let before = fixture.snapshot()
        let error = #expect(throws: StrataError.self) {
            try fixture.scaffolder().planNew("Notes", templates: try fixture.builtIn)
        }
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("outside the package") == true)
        #expect(fixture.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("a link inside the package is followed")
    func symlinkInside() throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: fixture.root.appendingPathComponent("Apps"),
            withDestinationURL: fixture.root.appendingPathComponent("Sources"))
        let scaffolder = try fixture.scaffolder()
        try scaffolder.apply(try scaffolder.planNew("Notes", templates: try fixture.builtIn))
        #expect(
            FileManager.default.fileExists(
                atPath: fixture.root.appendingPathComponent("Sources/notes/NotesCommand.swift").path))
    }

    @Test("a failure injected at any step leaves the tree byte for byte as before")
    func failureAtEveryStep() throws {
        let fixture = try Fixture()
        let before = fixture.snapshot()
        var scaffolder = try fixture.scaffolder()
        let plan = try scaffolder.planNew("Notes", templates: try fixture.builtIn)
        // Count the steps of a successful run first, then fail at each one in turn.
        final class Steps { var names: [String] = [] }
        let steps = Steps()
        scaffolder.beforeStep = { steps.names.append($0) }
        try scaffolder.apply(plan)
        #expect(steps.names.count == plan.files.count + plan.directories.count + 2)
        #expect(steps.names.last == "check Package.swift with SwiftPM")
        scaffolder.beforeStep = { _ in }
        try scaffolder.apply(try scaffolder.planRemove("Notes", force: false))
        #expect(fixture.snapshot() == before)
        for failing in steps.names.indices {
            var counter = 0
            scaffolder.beforeStep = { step in
                defer { counter += 1 }
                if counter == failing { throw StrataError.storage("injected failure at \(step)") }
            }
            let error = #expect(throws: StrataError.self) { try scaffolder.apply(plan) }
            #expect(error?.message.contains("rolled back") == true)
            #expect(fixture.snapshot() == before, "after a failure at step \(failing): \(steps.names[failing])")
        }
    }

    @Test("a real write failure part way (a file name too long) rolls back what was written")
    func realWriteFailure() throws {
        let fixture = try Fixture()
        let set = try fixture.templateCopy("long") { url in
            // 224 characters as a template, 288 once the 40-character name is put in twice: past NAME_MAX (255).
            let name = "Tests/__name__AppTests/zz" + String(repeating: "x", count: 200) + "__name____name__.swift"
            try Data("// too long once rendered\n".utf8).write(
                to: url.appendingPathComponent("files").appendingPathComponent(name))
        }
        let before = fixture.snapshot()
        let scaffolder = try fixture.scaffolder()
        let plan = try scaffolder.planNew(String(repeating: "Long", count: 10), templates: set)
        let error = #expect(throws: StrataError.self) { try scaffolder.apply(plan) }
        #expect(error?.kind == .storage)
        #expect(error?.message.contains("rolled back") == true)
        #expect(fixture.snapshot() == before)
    }

    @Test("an unwritable folder fails part way with an I/O error (exit 74) and leaves the tree as it was")
    func unwritableFolder() throws {
        let fixture = try Fixture()
        let tests = fixture.root.appendingPathComponent("Tests")
        // Root ignores permissions, so as root the folder is made immutable (chattr +i) instead.
        let locked =
            geteuid() == 0
            ? try Self.chattr("+i", tests)
            : (try? FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: tests.path)) != nil
        try #require(locked, "cannot make a folder unwritable here (chattr +i needs ext4 and CAP_LINUX_IMMUTABLE)")
        defer {
            if geteuid() == 0 { _ = try? Self.chattr("-i", tests) }
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tests.path)
        }
        let before = fixture.snapshot()
        let scaffolder = try fixture.scaffolder()
        let plan = try scaffolder.planNew("Notes", templates: try fixture.builtIn)
        // Apps/ and Modules/ come first in the plan, so files are already written when Tests/ refuses.
        #expect(plan.files.first?.path.hasPrefix("Apps/") == true)
        let error = #expect(throws: StrataError.self) { try scaffolder.apply(plan) }
        #expect(error?.exitCode == 74)
        #expect(error?.message.contains("Tests/NotesAppTests") == true)
        #expect(error?.message.contains("rolled back") == true)
        #expect(fixture.snapshot() == before)
    }

    /// Runs `chattr FLAG url`; whether it worked.
    static func chattr(_ flag: String, _ url: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag, url.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test("a manifest entry SwiftPM rejects is a validation error, and everything is rolled back")
    func rejectedManifest() throws {
        let fixture = try Fixture()
        let set = try fixture.templateCopy("broken") { url in
            let description = url.appendingPathComponent(TemplateSet.descriptionFile)
            let text = String(decoding: try Data(contentsOf: description), as: UTF8.self)
                .replacingOccurrences(of: "app: \\\"{{ app }}\\\"", with: "app: 42")
            try Data(text.utf8).write(to: description)
        }
        let before = fixture.snapshot()
        let scaffolder = try fixture.scaffolder(swiftPM: true)
        let plan = try scaffolder.planNew("Notes", templates: set)
        #expect(plan.manifestAfter.contains("app: 42"))
        let error = #expect(throws: StrataError.self) { try scaffolder.apply(plan) }
        #expect(error?.kind == .validation)
        #expect(error?.exitCode == 65)
        #expect(error?.message.contains("SwiftPM rejects Package.swift") == true)
        #expect(fixture.snapshot() == before)
    }

    @Test("a template set that leaves out targets and product gets a Feature entry's")
    func defaultTargets() throws {
        let fixture = try Fixture()
        let set = try fixture.templateCopy("minimal") { url in
            let description = url.appendingPathComponent(TemplateSet.descriptionFile)
            let json =
                #"{"name": "Minimal", "summary": "s", "manifestEntry": "Feature(\"{{ name }}\", app: \"{{ app }}\")"}"#
            try Data(json.utf8).write(to: description)
        }
        let plan = try fixture.scaffolder().planNew("IOStats", templates: set)
        #expect(plan.targets.count == 12)
        #expect(plan.targets.contains("IOStatsPresenterTests"))
        #expect(plan.product == "io-stats")
        #expect(plan.nextSteps.isEmpty)
    }

    @Test("a template using an unknown variable is caught before anything is written")
    func unknownVariable() throws {
        let fixture = try Fixture()
        let set = try fixture.templateCopy("typo") { url in
            let file = url.appendingPathComponent("files/Modules/__name__/Entity/__name__Item.swift.stencil")
            try Data("// {{ nmae }}\n".utf8).write(to: file)
        }
        let error = #expect(throws: StrataError.self) { try fixture.scaffolder().planNew("Notes", templates: set) }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains("nmae") == true)
    }
}
