import Testing

@testable import StrataLint

@Suite("The rules file")
struct RulesTests {
    let fixture = Fixture(name: "badrules")

    @Test(
        "a wrong rules file is a configuration error at the line and column that is wrong",
        arguments: [
            ("syntax.yml", 5, "invalid YAML"),
            ("unknown-key.yml", 5, "unknown key 'may_uses'"),
            ("no-reason.yml", 6, "exception needs a `reason`"),
            ("empty-selector.yml", 4, "targets 'Kernel' matches no target"),
            ("unknown-may-use.yml", 7, "may_use 'Utilities', which is neither a layer nor a module"),
            ("forbidden-nothing.yml", 8, "from 'Widgets' matches no layer and no target"),
            ("bad-pattern.yml", 4, "is not a valid pattern"),
            (
                "requires-nothing.yml", 5,
                "requires '{feature}Error', which applies to no target: no target of the layer belongs to a feature"
            ),
            ("requires-not-a-name.yml", 7, "`requires` entry 'Some Type' is not a type name"),
            ("text-in-nothing.yml", 7, "forbidden_text rule 'no-flags': in 'widgets' matches no layer and no target"),
            (
                "text-except-nothing.yml", 8,
                "forbidden_text rule 'no-flags': except 'Gadget' matches no layer and no target"
            ),
            ("text-bad-regex.yml", 10, "pattern '(--[a-z' is not a valid regular expression"),
            ("text-empty-regex.yml", 8, "pattern '(--)?' matches empty text"),
            ("text-duplicate-id.yml", 11, "rule id 'no-ui' is already used"),
            ("self-may-use.yml", 7, "layer 'lib' names itself in its may_use"),
            ("duplicate-may-use.yml", 9, "layer 'lib' names 'core' twice in its may_use"),
            ("toolchain-unknown.yml", 5, "toolchain entry 'Hummingbird' is no module of the toolchain"),
            ("may-use-toolchain.yml", 7, "may_use 'Foundation', a toolchain module"),
            ("unsupported-version.yml", 2, "unsupported version '3'; this strata reads versions 1 and 2"),
            ("layer-named-like-a-module.yml", 3, "layer 'Core' has the name of a target of the package"),
            (
                "forbidden-but-listed.yml", 7,
                "layer 'lib' may_use 'core', which forbidden rule 'lib-stays-pure' (line 9) forbids for it"
            ),
        ])
    func configErrors(file: String, line: Int, message: String) throws {
        let error = try #require(fixture.configError(rules: file))
        #expect(error.file == file)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix("\(file):\(line):"))
    }

    @Test(
        "a requirement on an optional layer that holds nothing, or on a feature layer when no feature exists, is no error"
    )
    func requirementsThatMayMatchNothing() throws {
        let result = try fixture.lint(rules: "requires-optional.yml")
        #expect(!result.findings.contains { $0.rule == "missing-type" })
        #expect(result.rules.layer(named: "views")?.requires.map(\.name) == ["{target}Model"])
    }

    @Test("a missing rules file says how to create one")
    func missingFile() throws {
        let error = try #require(fixture.configError(rules: "absent.yml"))
        #expect(error.message.contains("cannot read the rules file"))
    }

    @Test("name patterns capture a feature or a target; * stops at /, ** does not")
    func patterns() throws {
        let entity = try #require(NamePattern("{feature}Entity"))
        #expect(entity.match("PapersEntity").captured == "Papers")
        #expect(!entity.matches("PapersEntityTests") && !entity.matches("Entity"))
        let tests = try #require(NamePattern("{target}Tests"))
        #expect(tests.match("PapersEntityTests").captured == "PapersEntity")
        #expect(try #require(NamePattern("Modules/*")).matches("Modules/Shared") == true)
        #expect(try #require(NamePattern("Modules/*")).matches("Modules/Shared/Database") == false)
        #expect(try #require(NamePattern("Modules/**")).matches("Modules/Shared/Database") == true)
        #expect(NamePattern("{feature}{target}") == nil && NamePattern("{other}") == nil)
    }

    @Test("layers, features, conditions and exceptions are read with their places")
    func parse() throws {
        let rules = try RulesParser.parse(
            """
            version: 1
            features: {independent: false, minimum: 2}
            conditions: {os: Linux, swift: "6.1", flags: {DEBUG: true}}
            layers:
              - name: lib
                targets: ["{feature}Lib"]
                optional: true
                requires: ["{feature}Lib", "{target}Kit"]
              - name: tests
                targets: ["{target}Tests"]
                tests: true
                may_use: [lib]
                unused: ignore
            exceptions:
              - from: ALib
                reason: why not
            forbidden_text:
              - id: no-flags
                in: lib
                except: [OldLib]
                pattern: ['--[a-z]+', '`tool [a-z]+`']
                reason: flags are the app's
            """, file: "strata.yml")
        #expect(rules.layers.map(\.name) == ["lib", "tests"])
        #expect(rules.layers[0].isFeatureLayer && rules.layers[0].optional && !rules.layers[1].reportsUnused)
        #expect(
            rules.layers[0].requires.map(\.name) == ["{feature}Lib", "{target}Kit"]
                && rules.layers[0].requires[1].place.line == 8)
        #expect(rules.layers[1].mayUse.map(\.name) == ["lib"] && rules.layers[1].place.line == 9)
        #expect(!rules.features.independent && rules.features.minimum == 2)
        #expect(
            rules.conditions.os == "Linux" && rules.conditions.swiftVersion == [6, 1]
                && rules.conditions.flags == ["DEBUG": true])
        #expect(rules.exceptions.first?.place.line == 15)
        let text = try #require(rules.forbiddenText.first)
        #expect(text.id == "no-flags" && text.targets.map(\.name) == ["lib"] && text.except.map(\.name) == ["OldLib"])
        #expect(text.patterns.map(\.text) == ["--[a-z]+", "`tool [a-z]+`"] && text.patterns[1].place.line == 21)
        #expect(text.reason == "flags are the app's" && text.place.line == 18)
    }

    @Test("the version is 1 when unwritten; `toolchain` is all, none or the toolchain modules a layer may import")
    func versionAndToolchain() throws {
        let unversioned = try RulesParser.parse("layers:\n  - name: all\n    targets: [\"*\"]\n", file: "strata.yml")
        #expect(unversioned.version == 1 && unversioned.versionPlace == nil)
        let rules = try RulesParser.parse(
            """
            version: 2
            layers:
              - name: domain
                targets: [Domain]
                toolchain: [Foundation, Synchronization]
              - name: pure
                targets: [Pure]
                toolchain: none
              - name: edge
                targets: [Edge]
                toolchain: all
            """, file: "strata.yml")
        #expect(rules.version == 2 && rules.versionPlace?.line == 1)
        guard case .only(let domain) = rules.layers[0].toolchain, case .only(let pure) = rules.layers[1].toolchain,
            case .all = rules.layers[2].toolchain
        else {
            Issue.record("toolchain read as \(rules.layers.map(\.toolchain))")
            return
        }
        #expect(domain.map(\.name) == ["Foundation", "Synchronization"] && domain[1].place.line == 5)
        #expect(pure.isEmpty)
    }

    @Test("an os that os() does not know is an error at its line, naming the ones it knows")
    func unknownOS() throws {
        let text = "version: 1\nconditions: {os: linux}\nlayers:\n  - name: all\n    targets: [\"*\"]\n"
        let error = #expect(throws: ConfigError.self) { try RulesParser.parse(text, file: "strata.yml") }
        #expect(error?.line == 2)
        #expect(error?.description.contains("`os` must be any or a name os() accepts: Android, Cygwin") == true)
        #expect(error?.description.contains("\n") == false)
    }
}
