import Foundation
import StrataLint
import StrataTestSupport
import Testing

@testable import StrataScaffold

@Suite("strata new formats what it writes")
struct FormattingTests {
    /// "Alpha" sorts before "Core", so its imports come out in another order than the template's.
    private let name = "Alpha"

    @Test("with the package's .swift-format every generated Swift file passes swift format lint --strict")
    func formatsWithThePackageConfiguration() throws {
        let fixture = try Fixture()
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent(".swift-format"),
            to: fixture.root.appendingPathComponent(".swift-format"))
        let plan = try fixture.scaffolder().planNew(name, templates: try fixture.builtIn)
        let swiftFiles = plan.files.filter { $0.path.hasSuffix(".swift") }
        #expect(plan.formatting == .formatted(files: swiftFiles.count, configuration: ".swift-format"))
        #expect(ScaffoldReport.dryRun(plan).contains("formatted \(swiftFiles.count) Swift files with swift format"))
        for file in plan.record.files {
            let planned = try #require(plan.files.first { $0.path == file.path })
            #expect(file.sha256 == SHA256.hex(planned.contents), "the record must hash the formatted file")
        }

        try fixture.scaffolder().apply(plan)
        let lint = try ToolProcess.run(
            ["swift", "format", "lint", "--strict", "--configuration", ".swift-format"] + swiftFiles.map(\.path),
            in: fixture.root)
        #expect(lint.status == 0, "swift format lint finds:\n\(lint.errors)")
    }

    @Test("a package without .swift-format gets the files exactly as the templates render them")
    func leavesUnconfiguredPackagesAlone() throws {
        let fixture = try Fixture()
        let plan = try fixture.scaffolder().planNew(name, templates: try fixture.builtIn)
        let rendered = try fixture.builtIn.render(try FeatureName(name))
        #expect(plan.formatting == .notConfigured)
        #expect(Array(plan.files.dropLast()) == rendered.files)
        #expect(!ScaffoldReport.dryRun(plan).contains("formatted"))
    }

    @Test("a formatter that fails leaves the rendered files and the report says so")
    func failureKeepsTheRenderedFiles() throws {
        let fixture = try Fixture()
        try Data("{}".utf8).write(to: fixture.root.appendingPathComponent(".swift-format"))
        let scaffolder = Scaffolder(
            root: try PackageRoot(path: fixture.root.path), validator: StubValidator(),
            formatter: SwiftFormatFormatter(swift: "false"))
        let plan = try scaffolder.planNew(name, templates: try fixture.builtIn)
        let rendered = try fixture.builtIn.render(try FeatureName(name))
        guard case .failed = plan.formatting else {
            Issue.record("expected a failure, got \(plan.formatting)")
            return
        }
        #expect(Array(plan.files.dropLast()) == rendered.files)
        #expect(ScaffoldReport.dryRun(plan).contains("not formatted"))
    }
}
