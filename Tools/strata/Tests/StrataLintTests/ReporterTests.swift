import Foundation
import Testing

@testable import StrataLint

@Suite("Report formats")
struct ReporterTests {
    func layers() throws -> LintResult { try Fixture(name: "layers").lint(baseline: "baseline.json") }

    @Test("text is compiler-style: path:line:col: severity: message [rule]")
    func text() throws {
        let lines = try Reporter.render(layers(), format: .text, baselinePath: "baseline.json").split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines[0].hasPrefix(
                "Package.swift: note: known violation: ShopPresenter (presenter) depends on ShopRepository"))
        #expect(
            lines[2]
                == "Sources/ShopPresenter/ItemsPresenter.swift:4:10: error: ShopPresenter (presenter) imports ShopRepository (repository), but presenter may use only usecase, entity, core [layer-import]"
        )
        #expect(lines[1].contains(": warning: ") && lines[1].hasSuffix("[unused-dependency]"))
        #expect(lines[4].hasPrefix("baseline.json: note: stale baseline entry implicit-dependency|ShopUseCase|Gone"))
    }

    @Test("github writes workflow commands with escaped properties")
    func github() throws {
        let lines = try Reporter.render(layers(), format: .github).split(separator: "\n")
        #expect(lines[0].hasPrefix("::notice file=Package.swift,title=strata layer-dependency::known violation: "))
        #expect(
            lines[2].hasPrefix(
                "::error file=Sources/ShopPresenter/ItemsPresenter.swift,line=4,col=10,title=strata layer-import::ShopPresenter"
            ))
        #expect(lines[1].hasPrefix("::warning file=Package.swift,"))
        #expect(GitHubReport.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }

    @Test("json holds every finding, the stale entries and a summary")
    func json() throws {
        let text = try Reporter.render(layers(), format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 4)
        #expect(findings[2]["file"] as? String == "Sources/ShopPresenter/ItemsPresenter.swift")
        #expect(findings[2]["line"] as? Int == 4 && findings[2]["column"] as? Int == 10)
        #expect(findings[2]["rule"] as? String == "layer-import" && findings[2]["severity"] as? String == "error")
        #expect(findings[0]["known"] as? Bool == true)
        #expect((object["staleBaseline"] as? [Any])?.count == 1)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(
            summary["errors"] as? Int == 2 && summary["knownErrors"] as? Int == 1 && summary["warnings"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 1)
        #expect((summary["statistics"] as? [String: Any])?["files"] as? Int == 5)
    }

    @Test("sarif is SARIF 2.1.0: schema, version, driver rules, results with relative locations")
    func sarif() throws {
        let text = try Reporter.render(layers(), format: .sarif)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "strata")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIds = rules.compactMap { $0["id"] as? String }
        #expect(ruleIds == ["implicit-dependency", "layer-dependency", "layer-import", "unused-dependency"])
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            #expect(ruleIds[try #require(result["ruleIndex"] as? Int)] == id)
            #expect(["error", "warning", "note"].contains(result["level"] as? String))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let location = try #require(
                (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains("://"))
        }
        let importResult = results[2]
        let region = try #require(
            ((importResult["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any])
        #expect(region["startLine"] as? Int == 4 && region["startColumn"] as? Int == 10)
        #expect(
            results[0]["baselineState"] as? String == "unchanged" && results[2]["baselineState"] as? String == "new")
    }

    @Test("the summary line counts errors, known ones, warnings and stale entries")
    func summary() throws {
        let line = Reporter.summary(try layers())
        #expect(
            line.hasPrefix(
                "strata: 5 targets, 1 features, 5 files, 8 imports: 2 error(s) (+1 known), 1 warning(s), 1 stale baseline entry; manifest "
            ))
    }
}
