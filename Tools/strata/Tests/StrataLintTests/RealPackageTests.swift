import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// Reduced copies of real packages (each fixture's SOURCES.md says which): the dependency each
/// uses in a way other than a plain import is found used, and a planted change is found.
@Suite("real packages")
struct RealPackageTests {
    /// TCA's macro tests import a swift-syntax product only the macro target declares: a real finding.
    static let tcaMacroTestsImport =
        "Tests/ComposableArchitectureMacrosTests/MacroBaseTestCase.swift:5:10 implicit-dependency ComposableArchitectureMacrosTests->SwiftSyntaxMacros"

    @Test("a macro target used through #externalMacro is no unused dependency (TCA, Vapor)")
    func macroTargets() throws {
        #expect(try Fixture(name: "tca-macros").lint().compact == [Self.tcaMacroTestsImport])
        #expect(try Fixture(name: "vapor-macros").lint().compact == [])
    }

    @Test("a declared macro target that no #externalMacro names is still unused")
    func unusedMacroTarget() throws {
        let result = try lintCopy(of: "tca-macros") { root in
            let file = root.appendingPathComponent("Sources/ComposableArchitecture/Macros.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"ComposableArchitectureMacros\"", with: "\"OtherMacros\"")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(
            result.compact == [
                "Package.swift:0:0 unused-dependency ComposableArchitecture->ComposableArchitectureMacros (warning)",
                Self.tcaMacroTestsImport,
            ])
    }

    @Test("imports under canImport(Network) are read: the targets are used, the undeclared product is found")
    func appleOnlyBranch() throws {
        #expect(
            try Fixture(name: "hummingbird-network").lint().compact == [
                "Tests/HummingbirdCoreTests/TSTests.swift:21:8 implicit-dependency HummingbirdCoreTests->NIOTransportServices"
            ])
    }

    @Test(
        "a planted import under canImport of a platform's or another package's module is found",
        arguments: ["Network", "UIKit", "Security", "CoreMotion", "SwiftUI", "WatchKit", "SomeDependencyModule"])
    func plantedAppleOnlyImport(module: String) throws {
        let result = try lintCopy(of: "hummingbird-network") { root in
            try "#if canImport(\(module))\nimport HummingbirdTesting\n#endif\n".write(
                to: root.appendingPathComponent("Sources/HummingbirdCore/Planted.swift"), atomically: true,
                encoding: .utf8)
        }
        #expect(
            result.compact.contains(
                "Sources/HummingbirdCore/Planted.swift:2:8 layer-import HummingbirdCore->HummingbirdTesting"))
    }

    @Test("a C target is used through the module its module map names (isowords' zlibLinux)")
    func cTargetModuleMap() throws {
        #expect(try Fixture(name: "isowords-zlib").lint().compact == [])
    }

    @Test("a C target whose module map's module no file imports is still unused")
    func cTargetNotImported() throws {
        let result = try lintCopy(of: "isowords-zlib") { root in
            try "module zlibOther [system] {\n    link \"z\"\n}\n".write(
                to: root.appendingPathComponent("Sources/system-zlib/include/module.modulemap"), atomically: true,
                encoding: .utf8)
        }
        // And the import of zlibLinux now names a module no target provides and no layer lists.
        #expect(
            result.compact == [
                "Package.swift:0:0 unused-dependency Gzip->system-zlib (warning)",
                "Sources/Gzip/Data+Gzip.swift:33:10 unlisted-dependency Gzip->zlibLinux",
            ])
    }

    @Test("without a module map a C target's module is its name made an identifier")
    func cTargetWithoutModuleMap() throws {
        let result = try lintCopy(of: "isowords-zlib") { root in
            try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/system-zlib/include"))
            try "import system_zlib\n".write(
                to: root.appendingPathComponent("Sources/Gzip/Data+Gzip.swift"), atomically: true, encoding: .utf8)
        }
        #expect(result.compact == [])
    }

    /// Lints a copy of fixture `name` after `change` edits it.
    func lintCopy(of name: String, change: (URL) throws -> Void) throws -> LintResult {
        let directory = try TemporaryDirectory()
        let root = directory.path(name)
        try FileManager.default.copyItem(at: Fixture(name: name).url, to: root)
        // The fixture may hold caches an in-place lint of another test left: not the copy's.
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".build"))
        try change(root)
        return try Linter.run(
            LintOptions(
                packageDirectory: root, rulesFile: root.appendingPathComponent("strata.yml"),
                packageJSON: root.appendingPathComponent("package.json")))
    }
}
