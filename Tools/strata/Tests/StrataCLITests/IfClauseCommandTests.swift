import Foundation
import StrataTestSupport
import Testing

/// The one `#if` rule (docs/StrataLint.md, "`#if` semantics") on the built binary, in a copy of
/// this repository with files planted into Modules/Coffee/Presenter.
@Suite("#if clauses, end to end", .serialized)
struct IfClauseCommandTests {
    let strata = BinaryRunner(product: "strata")
    static let folder = "Modules/Coffee/Presenter"

    /// A copy of the repository with `plants` (file name to source) in the presenter folder.
    func copy(planting plants: [String: String], in directory: TemporaryDirectory) throws -> URL {
        let copy = directory.path("strata")
        try RepositoryCopy.sync(from: ScaffoldRepository.root, to: copy, seedingSourceCache: true)
        for (name, source) in plants {
            try source.write(
                to: copy.appendingPathComponent("\(Self.folder)/\(name)"), atomically: true, encoding: .utf8)
        }
        return copy
    }

    func lint(_ copy: URL, _ extra: [String] = []) throws -> BinaryRunner.Result {
        try strata.run(["lint", "--quiet", "--path", copy.path] + extra, timeout: 300)
    }

    static let inactivePresenter = """
        import Foundation
        import Observation

        #if false
        @MainActor
        public final class PlantedPresenter: Presenting {}
        #endif

        """

    @Test("a clause no build compiles is never read, whatever else the file holds")
    func neverCompiled() throws {
        let directory = try TemporaryDirectory()
        let copy = try copy(planting: ["Planted.swift": Self.inactivePresenter], in: directory)
        let alone = try lint(copy)
        #expect(alone.status == 0, "\(alone.stdout)")
        #expect(!alone.stdout.contains("PlantedPresenter"))

        try (Self.inactivePresenter + "let plantedTrigger = FileManager.default\n").write(
            to: copy.appendingPathComponent("\(Self.folder)/Planted.swift"), atomically: true, encoding: .utf8)
        let triggered = try lint(copy)
        #expect(triggered.status == 1)
        #expect(!triggered.stdout.contains("PlantedPresenter"), "\(triggered.stdout)")
        let findings = triggered.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(findings.count == 1, "\(triggered.stdout)")
        #expect(
            findings.first?.hasPrefix(
                "\(Self.folder)/Planted.swift:8:22: error: CoffeePresenter (presenter) uses FileManager")
                == true, "\(triggered.stdout)")
    }

    @Test("clauses only another platform compiles are read by default, and not with --platform Linux")
    func otherPlatforms() throws {
        let directory = try TemporaryDirectory()
        let copy = try copy(
            planting: [
                "PlantedWindows.swift": """
                import Observation

                #if os(Windows)
                @MainActor
                public final class WindowsPresenter: Presenting {}
                #endif

                """,
                "PlantedIOS.swift": """
                #if os(iOS)
                import CoffeeRepository
                #endif

                """,
            ], in: directory)
        let every = try lint(copy)
        #expect(every.status == 1)
        let expected = [
            "\(Self.folder)/PlantedIOS.swift:2:8: error: CoffeePresenter (presenter) imports CoffeeRepository (repository)",
            "\(Self.folder)/PlantedWindows.swift:5:20: error: class WindowsPresenter in CoffeePresenter (presenter) lacks @Observable",
        ]
        for line in expected { #expect(every.stdout.contains(line), "\(every.stdout)") }

        let linux = try lint(copy, ["--platform", "Linux"])
        #expect(linux.status == 0, "\(linux.stdout)")
        #expect(!linux.stdout.contains("Planted"), "\(linux.stdout)")
    }

    @Test("--platform takes only a name os() accepts, or any")
    func platformName() throws {
        let wrong = try strata.run(["lint", "--platform", "linux", "--path", ScaffoldRepository.root.path])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--platform must be any or a name os() accepts"), "\(wrong.stderr)")
    }
}
