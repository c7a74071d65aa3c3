import Foundation
import StrataTestSupport
import Testing

/// `strata lsp` under real editors' own LSP clients, each run headless by a script of
/// Editors/ (the setups docs/StrataLint.md gives).
@Suite struct LanguageServerEditorTests {
    static let editors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Editors")

    @Test func neovimReadsTheDiagnosticsThroughVimDiagnosticGet() throws {
        let package = try ShopPackage()
        let entity = "Sources/ShopEntity/Item.swift"
        try package.write(entity, "import Core\nimport ShopUseCase\n\npublic struct Item {}\n")
        let output = package.root.appendingPathComponent("neovim.out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c",
            "luafile \(Self.editors.appendingPathComponent("neovim.lua").path)",
        ]
        process.currentDirectoryURL = package.root
        process.environment = ProcessInfo.processInfo.environment.merging([
            "STRATA_BIN": BinaryRunner(product: "strata").executable.path, "STRATA_ROOT": package.root.path,
            "STRATA_FILE": package.root.appendingPathComponent(entity).path, "STRATA_LINE": "2",
            "STRATA_OUT": output.path,
        ]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let seen = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(seen)")
        #expect(seen.contains("2:8 layer-import ShopEntity (entity) imports ShopUseCase"), "\(seen)")
        #expect(seen.hasSuffix("cleared\n"), "\(seen)")
    }
}
