import Foundation
import StrataLint
import StrataTestSupport
import Testing

/// "No warnings in our targets" is a compiler setting, `strict`, that each manifest gives its
/// targets. A manifest is top-level code run in order: a `strict` declared below the lines that
/// read it is still empty there, and every target quietly builds with warnings allowed.
@Suite("Warnings fail the build of every target of ours")
struct WarningsAsErrorsTests {
    @Test("every Swift target of this repository's manifest, as SwiftPM evaluates it, treats warnings as errors")
    func repository() throws {
        let data = try DumpPackage.json(at: Monorepo.root)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let swiftTargets = targets.filter { ($0["type"] as? String) != "system" }
        #expect(swiftTargets.count > 40, "\(swiftTargets.count) targets")
        let lax = swiftTargets.filter { target in
            let settings = target["settings"] as? [[String: Any]] ?? []
            return !settings.contains { setting in
                let kind = setting["kind"] as? [String: Any]
                return (kind?["treatAllWarnings"] as? [String: Any])?["_0"] as? String == "error"
            }
        }
        #expect(lax.isEmpty, "warnings allowed in \(lax.compactMap { $0["name"] as? String })")
    }

    @Test("the Workspace template declares strict before any line reads it")
    func workspaceTemplate() throws {
        let template = try String(
            contentsOf: Monorepo.root.appendingPathComponent(
                "Tools/strata/Sources/StrataScaffold/Templates/Workspace/files/Package.swift.stencil"),
            encoding: .utf8)
        let lines = template.components(separatedBy: "\n")
        let declared = try #require(lines.firstIndex { $0.hasPrefix("let strict: [SwiftSetting]") })
        let firstUse = try #require(
            lines.firstIndex { $0.contains("strict") && !$0.hasPrefix("///") && !$0.hasPrefix("let strict") })
        #expect(declared < firstUse, "strict is read on line \(firstUse + 1) and declared on line \(declared + 1)")
    }
}
