import Foundation
import Testing

@testable import StrataLint

@Suite("Required types and forbidden text on the shape fixture")
struct ShapeTests {
    let fixture = Fixture(name: "shape")

    func findings(_ rule: String, rules: String = "strata.yml", baseline: String? = nil) throws -> [String] {
        try fixture.lint(rules: rules, baseline: baseline).findings.filter { $0.rule == rule }.map(\.compact)
    }

    @Test(
        "a required type renamed away, only extended, or only in comments, strings and #if false is missing; declared ones are not"
    )
    func requiredTypes() throws {
        #expect(
            try findings("missing-type") == [
                "Sources/WishFactory/WishFactory.swift:5:11 missing-type WishFactory->WishFactory",
                "strata.yml:8:16 missing-type Terminal->TerminalConfig",
                "strata.yml:16:16 missing-type CartFactory->CartFactory",
                "strata.yml:16:16 missing-type GiftFactory->GiftFactory",
            ])
    }

    @Test("a missing type names the target's folder, its layer, the requirement's line, and where the type is instead")
    func missingTypeMessage() throws {
        let result = try fixture.lint()
        let cart = try #require(result.findings.first { $0.rule == "missing-type" && $0.target == "CartFactory" })
        #expect(
            cart.message.hasPrefix(
                "Sources/CartFactory: CartFactory (factory layer) declares no type CartFactory, which strata.yml:16 requires"
            ))
        #expect(cart.severity == .error)
        let wish = try #require(result.findings.first { $0.rule == "missing-type" && $0.target == "WishFactory" })
        #expect(wish.message.contains("only an extension of it is left here"))
        let terminal = try #require(result.findings.first { $0.rule == "missing-type" && $0.target == "Terminal" })
        #expect(terminal.message.hasSuffix("; it is declared in Log (Modules/Log/Log.swift:8)"))
        #expect(
            cart.message.hasSuffix("; declare it (struct, enum, class, actor, protocol or typealias) in the target"))
        #expect(result.exitCode == 1)
    }

    @Test("every string literal below the app that names a flag or a command, at the match's line and column")
    func forbiddenText() throws {
        let file = "Sources/ShopEntity/ShopError.swift"
        #expect(
            try findings("no-flags-below-the-app") == [
                "Modules/Log/Log.swift:4:29 no-flags-below-the-app Log->--verbose",
                "\(file):13:41 no-flags-below-the-app ShopEntity->--name",  // single-line
                "\(file):14:56 no-flags-below-the-app ShopEntity->`shop list`",  // the second pattern
                "\(file):21:19 no-flags-below-the-app ShopEntity->--item-name",  // multi-line
                "\(file):24:53 no-flags-below-the-app ShopEntity->--raw-flag",  // raw
                "\(file):26:62 no-flags-below-the-app ShopEntity->--inner",  // a string inside an interpolation
            ])
        // Comments, the excepted Terminal, the factory and the app (not in `in`) have flags too.
        let message = try #require(try fixture.lint().findings.first { $0.dependency == "--name" }?.message)
        #expect(
            message == "ShopEntity (entity) has \"--name\" in a string literal: only the app names flags and commands")
    }

    @Test("a pattern's leading whitespace is not part of the match: the finding points at the flag")
    func trimmedMatch() throws {
        let content = "use --name"
        let range = try #require(content.range(of: " --name"))
        let trimmed = ForbiddenTextCheck.trimmed(range, in: content)
        #expect(content[trimmed] == "--name")
    }

    @Test("exceptions accept missing types and forbidden text by rule, target, type or text, and file")
    func exceptions() throws {
        let result = try fixture.lint(rules: "exceptions.yml")
        let compact = result.compact
        #expect(!compact.contains { $0.contains("CartFactory->CartFactory") })
        #expect(!compact.contains { $0.hasPrefix("Modules/Log/") })
        #expect(!compact.contains { $0.contains("--raw-flag") })
        #expect(compact.contains { $0.contains("GiftFactory->GiftFactory") })
        #expect(
            compact.filter { $0.contains("stale-exception") } == [
                "exceptions.yml:40:5 stale-exception rule missing-type, to ShopFactory->"
            ])
    }

    @Test("a baseline knows missing types and forbidden text by type or text, without lines")
    func baseline() throws {
        let result = try fixture.lint(baseline: "baseline.json")
        let known = result.findings.filter(\.known).map(\.compact)
        #expect(
            known == [
                "Sources/ShopEntity/ShopError.swift:13:41 no-flags-below-the-app ShopEntity->--name (known)",
                "strata.yml:16:16 missing-type GiftFactory->GiftFactory (known)",
            ])
        #expect(
            result.staleBaseline.map(\.key) == [
                "no-flags-below-the-app|ShopEntity|--gone|Sources/ShopEntity/ShopError.swift"
            ])
        var findings = try fixture.lint().findings
        let written = Baseline(findings: findings)
        #expect(written.apply(to: &findings).isEmpty && findings.allSatisfy(\.known))
        #expect(written.entries.contains { $0.key == "missing-type|CartFactory|CartFactory|strata.yml" })
    }

    @Test("text, github, json and sarif carry both rules with their locations")
    func reports() throws {
        let result = try fixture.lint()
        let text = try Reporter.render(result, format: .text)
        #expect(
            text.contains(
                "strata.yml:16:16: error: Sources/CartFactory: CartFactory (factory layer) declares no type CartFactory, which strata.yml:16 requires"
            ))
        #expect(
            text.contains(
                "Sources/ShopEntity/ShopError.swift:13:41: error: ShopEntity (entity) has \"--name\" in a string literal: only the app names flags and commands [no-flags-below-the-app]\n"
            ))
        let github = try Reporter.render(result, format: .github)
        #expect(
            github.contains(
                "::error file=Sources/WishFactory/WishFactory.swift,line=5,col=11,title=strata missing-type::"))
        #expect(
            github.contains("::error file=Modules/Log/Log.swift,line=4,col=29,title=strata no-flags-below-the-app::"))

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(Reporter.render(result, format: .json).utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "missing-type" && $0["dependency"] as? String == "CartFactory"
                    && $0["line"] as? Int == 16
            })
        #expect(
            findings.contains {
                $0["rule"] as? String == "no-flags-below-the-app" && $0["line"] as? Int == 21
                    && $0["column"] as? Int == 19
            })

        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(Reporter.render(result, format: .sarif).utf8)) as? [String: Any]
        )
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let descriptions = Dictionary(
            uniqueKeysWithValues: rules.compactMap { rule in
                (rule["id"] as? String).map {
                    ($0, (rule["shortDescription"] as? [String: Any])?["text"] as? String ?? "")
                }
            })
        #expect(descriptions["missing-type"]?.contains("requires") == true)
        #expect(
            descriptions["no-flags-below-the-app"]
                == "A string literal holds text the rules file forbids (rule 'no-flags-below-the-app'): only the app names flags and commands."
        )
    }

    @Test("the module graph draws no edge for a missing type or forbidden text")
    func graphIgnoresSourceRules() throws {
        let graph = ModuleGraph(try fixture.lint())
        #expect(!graph.edges.contains { $0.from == $0.to })
        #expect(graph.edges.allSatisfy { $0.violations.isEmpty })
    }

    @Test("string literals are read only for the targets a text rule reads")
    func stringsOnlyWhereRead() throws {
        let result = try fixture.lint()
        let withStrings = Set(result.files.filter { $0.value.contains { !$0.strings.isEmpty } }.keys)
        #expect(withStrings == ["Log", "ShopEntity"])
        #expect(result.files["ShopFactory"]?.first?.declarations.map(\.name) == ["ShopFactory", "ShopFeature"])
    }
}
