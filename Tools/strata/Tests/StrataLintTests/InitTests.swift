import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// `strata init`: the rules it writes accept the package as it is and reject a new violation.
@Suite("strata init")
struct InitTests {
    typealias Target = GeneratedPackage.Target

    /// Init, then lint (0 new errors), then a planted import across layers (1 new error at its file:line).
    func acceptsThenRejects(_ directory: URL, packageJSON: URL, plant: Bool = true) throws -> (
        Initializer.Proposal, LintResult
    ) {
        let proposal = try InitRun.initialize(directory, packageJSON: packageJSON)
        let clean = try InitRun.lint(directory, packageJSON: packageJSON)
        #expect(clean.exitCode == 0, "\(clean.newErrors.map(\.message))\n\(proposal.rules)")
        #expect(clean.findings.filter { $0.rule == "unclassified-target" }.isEmpty)
        #expect(clean.findings.filter { $0.severity == .error }.count == proposal.knownViolations)
        guard plant else { return (proposal, clean) }
        let planted = try #require(try InitRun.plantViolation(in: directory, clean), "no layer to cross")
        let broken = try InitRun.lint(directory, packageJSON: packageJSON)
        #expect(broken.exitCode == 1)
        #expect(
            broken.newErrors.contains {
                $0.file == planted && $0.line == 1 && $0.column == 8 && $0.rule == "layer-import"
            },
            "\(broken.newErrors.map(\.message))")
        return (proposal, clean)
    }

    @Test("per-feature layers like this repository's: {feature} patterns, required and optional layers")
    func perFeature() throws {
        var targets = [Target(name: "Core"), Target(name: "Database", dependencies: ["Core", "product:GRDB"])]
        for feature in ["Notes", "Shop", "Maps"] {
            targets += [
                Target(name: feature + "Entity", dependencies: ["Core"]),
                Target(name: feature + "Repository", dependencies: [feature + "Entity", "Database"]),
                Target(name: feature + "UseCase", dependencies: [feature + "Repository", feature + "Entity"]),
                Target(name: feature + "Presenter", dependencies: [feature + "UseCase", feature + "Entity"]),
                Target(name: feature + "App", kind: "executable", dependencies: [feature + "Presenter"]),
                Target(name: feature + "EntityTests", kind: "test", dependencies: [feature + "Entity"]),
            ]
        }
        // A shared server module makes `…Server` a family; only Shop has a feature server.
        targets += [
            Target(name: "HTTPServer", dependencies: ["Core"]),
            Target(name: "ShopServer", dependencies: ["ShopUseCase", "HTTPServer"]),
        ]
        let package = try GeneratedPackage(name: "Layered", targets: targets)
        let (proposal, result) = try acceptsThenRejects(package.url, packageJSON: package.packageJSON)
        #expect(proposal.rules.contains("targets: [\"{feature}Repository\"]"))
        #expect(proposal.rules.contains("targets: [\"{target}Tests\"]"))
        #expect(result.features == ["Maps", "Notes", "Shop"])
        #expect(result.layer(of: "ShopServer") == "server")
        #expect(result.rules.layer(named: "server")?.optional == true)
        #expect(result.rules.layer(named: "entity")?.optional == false)
        #expect(result.rules.layer(named: "presenter")?.mayUse.map(\.name) == ["use-case", "entity"])
        #expect(result.rules.features.independent && result.rules.features.isolated)
        #expect(proposal.baseline == nil)
    }

    @Test("isowords-style families: clients and their live modules, features, shared models, a server")
    func isowordsStyle() throws {
        let package = try GeneratedPackage(
            name: "Words",
            targets: [
                Target(name: "SharedModels"),
                Target(name: "ApiClient", dependencies: ["SharedModels"]),
                Target(name: "ApiClientLive", dependencies: ["ApiClient", "SharedModels"]),
                Target(name: "AudioPlayerClient"),
                Target(name: "AudioPlayerClientLive", dependencies: ["AudioPlayerClient"]),
                Target(name: "GameFeature", dependencies: ["ApiClient", "AudioPlayerClient", "SharedModels"]),
                Target(name: "HomeFeature", dependencies: ["ApiClient", "GameFeature"]),
                Target(name: "SettingsFeature", dependencies: ["ApiClient"]),
                Target(name: "AppFeature", dependencies: ["HomeFeature", "SettingsFeature"]),
                // The entry point is the one place that imports live clients.
                Target(
                    name: "app", kind: "executable",
                    dependencies: ["AppFeature", "ApiClientLive", "AudioPlayerClientLive"]),
                Target(name: "ServerRouter", dependencies: ["SharedModels"]),
                Target(name: "SiteMiddleware", dependencies: ["ServerRouter", "SharedModels"]),
                Target(name: "server", kind: "executable", dependencies: ["SiteMiddleware"]),
                Target(name: "GameFeatureTests", kind: "test", dependencies: ["GameFeature"]),
                Target(name: "IntegrationTests", kind: "test", dependencies: ["SiteMiddleware"]),
            ])
        let (proposal, result) = try acceptsThenRejects(package.url, packageJSON: package.packageJSON)
        #expect(result.layer(of: "ApiClientLive") == "client-live")
        #expect(result.layer(of: "AudioPlayerClient") == "client")
        #expect(result.layer(of: "HomeFeature") == "feature")
        #expect(result.features == ["Api", "AudioPlayer"])
        #expect(result.layer(of: "IntegrationTests") == "other-tests")
        // Features never use live modules today, so the rules say so.
        let feature = try #require(result.rules.layer(named: "feature"))
        #expect(!feature.mayUse.map(\.name).contains("client-live"))
        // The features (`…Feature`, outside the client features) use clients today, so isolation is off.
        #expect(!result.rules.features.isolated)
        #expect(proposal.rules.contains("isolated: false"))
        let entry = try #require(result.layer(of: "app"))
        #expect(result.rules.layer(named: entry)?.mayUse.map(\.name).contains("client-live") == true)
    }

    @Test("a flat package with no naming convention gets layers from the graph's order")
    func flat() throws {
        let package = try GeneratedPackage(
            name: "Flat",
            targets: [
                Target(name: "Lexer"), Target(name: "Utilities"),
                Target(name: "Parser", dependencies: ["Lexer", "Utilities"]),
                Target(name: "Formatter", dependencies: ["Parser"]),
                Target(name: "tool", kind: "executable", dependencies: ["Formatter", "product:ArgumentParser"]),
            ])
        let (_, result) = try acceptsThenRejects(package.url, packageJSON: package.packageJSON)
        #expect(result.layer(of: "Lexer") == "other-0" && result.layer(of: "Utilities") == "other-0")
        #expect(result.layer(of: "Parser") == "other-1")
        #expect(result.layer(of: "tool") == "other-3")
        #expect(result.rules.layer(named: "other-3")?.mayUse.map(\.name) == ["other-2", "ArgumentParser"])
    }

    @Test("version 2: every product and other package's module a layer uses is listed, and a layer never names itself")
    func listsWhatIsUsed() throws {
        let package = try GeneratedPackage(
            name: "Listed",
            targets: [
                Target(name: "Lexer", extraImports: ["Glibc"]),
                Target(name: "Parser", dependencies: ["Lexer", "product:NIO"], extraImports: ["NIOCore"]),
                Target(name: "Printer", dependencies: ["Parser"]),
                Target(name: "tool", kind: "executable", dependencies: ["Printer", "Parser"]),
            ])
        let (proposal, result) = try acceptsThenRejects(package.url, packageJSON: package.packageJSON)
        #expect(proposal.rules.contains("\nversion: 2\n") && result.rules.version == 2)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        // The toolchain's Glibc and Foundation need no line; swift-nio's product and module do.
        let parser = try #require(result.layer(of: "Parser").flatMap(result.rules.layer(named:)))
        #expect(parser.mayUse.map(\.name).filter { $0.hasPrefix("NIO") } == ["NIO", "NIOCore"])
        #expect(!result.rules.layers.contains { layer in layer.mayUse.contains { $0.name == layer.name } })
    }

    @Test("today's violations go to the baseline: the first lint passes, fixing one leaves a stale entry")
    func baseline() throws {
        let package = try GeneratedPackage(
            name: "Tangled",
            targets: [
                Target(name: "Base"),
                Target(name: "Middle", dependencies: ["Base"], extraImports: ["Top"]),
                Target(name: "Top", dependencies: ["Middle", "Base"]),
            ])
        let (proposal, result) = try acceptsThenRejects(package.url, packageJSON: package.packageJSON)
        #expect(proposal.knownViolations > 0)
        #expect(proposal.rules.contains("baseline: strata-baseline.json"))
        #expect(result.findings.contains { $0.known && $0.rule == "dependency-cycle" })
    }

    @Test("init on every lint fixture: lint passes with the baseline, a planted import fails")
    func fixtures() throws {
        for name in ["clean", "cycle", "features", "forbidden", "imports", "layers", "shape"] {
            let directory = try TemporaryDirectory()
            let copy = directory.path(name)
            try FileManager.default.copyItem(at: Fixture(name: name).url, to: copy)
            // The fixture may hold caches an in-place lint of another test left: not the copy's.
            try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
            try FileManager.default.removeItem(at: copy.appendingPathComponent("strata.yml"))
            // Nothing is left to cross in two: the cycle fixture's targets all depend on one another
            // (one layer), and the forbidden fixture's other target is an executable.
            let (proposal, _) = try acceptsThenRejects(
                copy, packageJSON: copy.appendingPathComponent("package.json"),
                plant: !["cycle", "forbidden"].contains(name))
            if name == "cycle" { #expect(proposal.knownViolations > 0) }
        }
    }

    @Test("naming families: the longest shared suffix wins; a lone suffix is no family")
    func families() {
        #expect(NamingFamilies.camelWords("HTTPClientLive") == ["HTTP", "Client", "Live"])
        #expect(NamingFamilies.camelWords("ColorEventsUseCase") == ["Color", "Events", "Use", "Case"])
        let families = NamingFamilies(targets: ["ApiClient", "ApiClientLive", "FileClient", "FileClientLive", "Live"])
        #expect(families.familyOf["ApiClientLive"] == "ClientLive")
        #expect(families.familyOf["FileClient"] == "Client")
        #expect(families.familyOf["Live"] == nil)
    }
}
