import Foundation
import TestSupport
import Testing

/// `make install`'s script, run on the debug binaries: every app and its completions for three shells.
@Suite("make install")
struct InstallTests {
    static let apps = ["papers", "coffee", "memorize", "color-events", "strata"]

    @Test("installs every app and its bash, zsh and fish completions where each shell looks")
    func completions() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bin = BinaryRunner(product: "papers").executable.deletingLastPathComponent()
        let target = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "bash", root.appendingPathComponent("Tools/Scripts/install.sh").path, bin.path,
                target.path("bin").path, target.path("share").path,
            ] + Self.apps
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for app in Self.apps {
            #expect(FileManager.default.isExecutableFile(atPath: target.path("bin/\(app)").path), "\(app)")
            let bash = try String(contentsOf: target.path("share/bash-completion/completions/\(app)"), encoding: .utf8)
            let zsh = try String(contentsOf: target.path("share/zsh/site-functions/_\(app)"), encoding: .utf8)
            let fish = try String(
                contentsOf: target.path("share/fish/vendor_completions.d/\(app).fish"), encoding: .utf8)
            #expect(bash.contains("complete ") && bash.contains(app), "\(app) bash")
            #expect(zsh.hasPrefix("#compdef \(app)"), "\(app) zsh")
            #expect(fish.contains("complete -c '\(app)'"), "\(app) fish")
        }
        let papers = try String(contentsOf: target.path("share/bash-completion/completions/papers"), encoding: .utf8)
        #expect(papers.contains("library"), "the completions know papers' subcommands")
    }
}
