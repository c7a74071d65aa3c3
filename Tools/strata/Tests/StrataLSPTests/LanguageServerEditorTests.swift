import Foundation
import StrataTestSupport
import Testing

/// `strata lsp` under real editors' own LSP clients, each run headless by a script of
/// Editors/ (the setups docs/StrataLint.md gives): the editor opens an entity that imports its
/// use case, shows strata's finding, and clears it when the import is deleted in the buffer.
@Suite struct LanguageServerEditorTests {
    static let editors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Editors")

    @Test func neovimReadsTheDiagnosticsThroughVimDiagnosticGet() throws {
        let script = Self.editors.appendingPathComponent("neovim.lua").path
        let (status, seen) = try Self.run([
            "nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(script)",
        ])
        #expect(status == 0, "\(seen)")
        #expect(seen.contains("2:8 layer-import ShopEntity (entity) imports ShopUseCase"), "\(seen)")
        #expect(seen.hasSuffix("cleared\n"), "\(seen)")
    }

    @Test func emacsEglotShowsTheDiagnosticsInFlymake() throws {
        let script = Self.editors.appendingPathComponent("emacs.el").path
        let (status, seen) = try Self.run(["emacs", "--batch", "-q", "-l", script])
        #expect(status == 0, "\(seen)")
        // eglot writes a diagnostic as `source [code]: message`.
        #expect(seen.contains("2:8 strata [layer-import]: ShopEntity (entity) imports ShopUseCase"), "\(seen)")
        #expect(seen.hasSuffix("cleared\n"), "\(seen)")
    }

    /// Runs `editor` in a new Shop package whose entity imports its use case on line 2; returns
    /// its exit status and what its script wrote.
    static func run(_ editor: [String]) throws -> (status: Int32, seen: String) {
        let package = try ShopPackage()
        let entity = "Sources/ShopEntity/Item.swift"
        try package.write(entity, "import Core\nimport ShopUseCase\n\npublic struct Item {}\n")
        let output = package.root.appendingPathComponent("editor.out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = editor
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
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
