import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// This repository's declaration rules (strata.yml `declarations`), each shown to catch a
/// violation planted in a real target, at the violation's line and column.
@Suite("Declaration rules on this repository")
struct DeclarationRulesTests {
    /// This repository linted once; each test plants one file into its scanned sources.
    static let linted = Result { try Linter.run(LintOptions(packageDirectory: Monorepo.root)) }

    struct Plant: CustomTestStringConvertible, Sendable {
        let rule: String
        let target: String
        let path: String
        let source: String
        /// Where the finding must point: line and column in `source`.
        let line: Int
        let column: Int
        var testDescription: String { rule }
    }

    static let plants: [Plant] = [
        Plant(
            rule: "presenters-are-observable", target: "CoffeePresenter",
            path: "Modules/Coffee/Presenter/Planted.swift",
            source: "import Observation\n\n@Observable\n@MainActor\npublic final class PlantedPresenter {}\n",
            line: 5, column: 20),
        Plant(
            rule: "entities-are-values", target: "CoffeeEntity", path: "Modules/Coffee/Entity/Planted.swift",
            source: "public class Receipt {\n    public var total = 0\n}\n", line: 1, column: 14),
        Plant(
            rule: "use-case-is-a-struct", target: "CoffeeUseCase", path: "Modules/Coffee/UseCase/Planted.swift",
            source: "public final class CoffeeUseCase {}\n", line: 1, column: 20),
        Plant(
            rule: "repositories-are-final", target: "CoffeeRepository",
            path: "Modules/Coffee/Repository/Planted.swift",
            source:
                "import Foundation\n\npublic class InMemoryReceiptRepository {\n    var receipts: [String] = []\n}\n",
            line: 3, column: 14),
        Plant(
            rule: "domain-does-no-io", target: "CoffeeUseCase", path: "Modules/Coffee/UseCase/Planted.swift",
            source:
                "import Foundation\n\nfunc exists(_ path: String) -> Bool {\n    FileManager.default.fileExists(atPath: path)\n}\n",
            line: 4, column: 5),
        Plant(
            rule: "no-global-mutable-state", target: "CoffeeRepository",
            path: "Modules/Coffee/Repository/Planted.swift",
            source: "var recentOrders: [String] = []\n", line: 1, column: 5),
        Plant(
            rule: "presenters-expose-view-data", target: "CoffeePresenter",
            path: "Modules/Coffee/Presenter/Planted.swift",
            source: """
                import CoffeeEntity
                import Core
                import Observation

                @Observable
                @MainActor
                public final class ReceiptPresenter: Presenting {
                    public private(set) var lastOrder: Order?
                }

                """,
            line: 8, column: 40),
        Plant(
            rule: "one-output-path", target: "MemorizeApp", path: "Apps/memorize/Planted.swift",
            source: "import Foundation\n\nfunc announce() {\n    FileHandle.standardOutput.write(Data())\n}\n",
            line: 4, column: 5),
    ]

    @Test("the repository passes every declaration rule, and they read the layers they name")
    func clean() throws {
        let result = try Self.linted.get()
        let ids = Set(result.rules.declarations.map(\.id))
        #expect(ids.count == 8)
        #expect(result.newErrors.filter { ids.contains($0.rule) }.map(\.compact) == [])
        #expect(
            result.files["CoffeeUseCase"]?.contains {
                $0.path.hasSuffix("/CoffeeUseCase.swift") && $0.declarationFacts.types.map(\.name) == ["CoffeeUseCase"]
            } == true)
    }

    @Test("a planted violation fails at its line and column", arguments: plants)
    func planted(_ plant: Plant) throws {
        let result = try Self.linted.get()
        var files = result.files
        let sourceRules = try SourceRules(
            rules: result.rules, graph: result.graph,
            classification: Classification(rules: result.rules, graph: result.graph))
        let reader = SwiftFileReader(builds: result.rules.conditions, watchedNames: sourceRules.watchedNames)
        let file = ScannedFile(path: plant.path, facts: reader.read(plant.source))
        files[plant.target, default: []].append(file)
        let checked = try Linter.check(
            rules: result.rules, graph: result.graph, root: Monorepo.root, baseline: nil, files: files)
        let found = checked.newErrors.filter { $0.rule == plant.rule }
        #expect(found.count == 1, "\(found.map(\.compact))")
        let finding = try #require(found.first)
        #expect(finding.file == plant.path && finding.line == plant.line && finding.column == plant.column)
        #expect(finding.target == plant.target)
        #expect(checked.newErrors.count == found.count, "\(checked.newErrors.map(\.compact))")
    }
}

/// How strata.yml's `declarations` are read, and the mistakes it refuses at their line.
@Suite("Declaration rules in strata.yml")
struct DeclarationRulesFileTests {
    static let layers = "layers:\n  - name: core\n    targets: [Core]\n    may_use: []\n"

    func error(_ declarations: String) -> String? {
        do {
            _ = try RulesParser.parse(Self.layers + "declarations:\n" + declarations, file: "strata.yml")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a rule reads its selection, requirement and prohibitions")
    func reads() throws {
        let rules = try RulesParser.parse(
            Self.layers + """
                declarations:
                  - id: presenters
                    in: [core]
                    select: { kind: [class], name: "*Presenter" }
                    require: { conforms_to: Presenting, attributes: ["@MainActor"], final: true, sendable: true }
                    forbid: { references: [FileManager, "Date()", Date.now], mutable_state: true, public_types_from: [core] }
                    reason: because
                """, file: "strata.yml")
        let rule = try #require(rules.declarations.first)
        #expect(rule.select.kinds == ["class"] && rule.select.names.map(\.text) == ["*Presenter"])
        #expect(rule.require?.conformsTo == ["Presenting"] && rule.require?.attributes == ["MainActor"])
        #expect(rule.require?.isFinal == true && rule.require?.isSendable == true)
        #expect(rule.forbid?.references.map(\.pattern.description) == ["FileManager", "Date()", "Date.now"])
        #expect(rule.forbid?.mutableState == true && rule.forbid?.publicTypesFrom.map(\.name) == ["core"])
    }

    @Test(
        "mistakes are one error at their line",
        arguments: [
            (
                "  - id: r\n    in: [core]\n    reason: x\n",
                "strata.yml:6:5: error: a declarations rule needs `require`"
            ),
            (
                "  - id: r\n    in: [core]\n    select: { kind: class }\n    forbid: { mutable_state: true }\n    reason: x\n",
                "strata.yml:8:5: error: `select` chooses the types"
            ),
            (
                "  - id: r\n    in: [core]\n    require: { kind: record }\n    reason: x\n",
                "strata.yml:8:22: error: `require.kind` 'record' is not a kind of type"
            ),
            (
                "  - id: r\n    in: [core]\n    forbid: { references: [\"Date(0)\"] }\n    reason: x\n",
                "strata.yml:8:28: error: reference 'Date(0)' is not a name, a call or a member"
            ),
            (
                "  - id: r\n    in: [core]\n    require: { final: true }\n",
                "strata.yml:6:5: error: declarations rule needs a `reason`"
            ),
            (
                "  - id: r\n    in: [core]\n    require: { finale: true }\n    reason: x\n",
                "strata.yml:8:16: error: unknown key 'finale' in `require`"
            ),
        ])
    func mistakes(_ text: String, _ expected: String) {
        let message = error(text)
        #expect(message?.hasPrefix(expected) == true, "\(message ?? "no error")")
    }

    @Test("a rule that selects no type, or names a layer that is not there, fails instead of passing silently")
    func selectsNothing() throws {
        let result = try DeclarationRulesTests.linted.get()
        var rules = result.rules
        var rule = try #require(rules.declarations.first { $0.id == "presenters-are-observable" })
        rule.id = "mistyped"
        rule.select.names = [try #require(NamePattern("*Presentr"))]
        rules.declarations.append(rule)
        let checked = try Linter.check(
            rules: rules, graph: result.graph, root: Monorepo.root, baseline: nil,
            files: result.files)
        let found = checked.newErrors.filter { $0.rule == "mistyped" }
        #expect(found.count == 1 && found.first?.file == "strata.yml", "\(found.map(\.compact))")
        #expect(found.first?.message.contains("selects no type") == true)

        var forbid = Rules.DeclarationRule.Prohibition()
        forbid.publicTypesFrom = [("entities", Rules.Place(line: 9, column: 9))]
        rules.declarations.append(
            Rules.DeclarationRule(
                id: "facade", targets: [("presenter", .init(line: 8, column: 9))], except: [], forbid: forbid,
                reason: "x", place: .init(line: 7, column: 5)))
        #expect(throws: ConfigError.self) {
            try Linter.check(rules: rules, graph: result.graph, root: Monorepo.root, baseline: nil, files: result.files)
        }
    }
}
