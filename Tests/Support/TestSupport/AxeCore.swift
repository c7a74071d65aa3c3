import Foundation

/// Deque's axe-core, the accessibility rules browsers' own audits use, run in the open page.
///
/// The script comes from PyPI inside `axe-playwright-python` (pinned in
/// `Tools/Scripts/consumers/page-scripts.txt`), which `Tools/Scripts/consumers/venv.sh` installs
/// into the tests' virtualenv; only its `axe.min.js` is read.
public enum AxeCore {
    /// The WCAG levels checked: A and AA of WCAG 2.0, 2.1 and 2.2.
    public static let tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

    /// The script's text, installing the virtualenv first when it is missing (off the test pool:
    /// a first install takes a minute).
    public static func script() async throws -> String {
        let repository = FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent()
        let status = try await offPool {
            let setUp = Process()
            ChildProcess.configure(
                setUp, executable: repository.appendingPathComponent("Tools/Scripts/consumers/venv.sh"), arguments: [])
            setUp.standardOutput = FileHandle.nullDevice
            try setUp.run()
            setUp.waitUntilExit()
            return setUp.terminationStatus
        }
        guard status == 0 else { throw Browser.Failure("Tools/Scripts/consumers/venv.sh failed (exit \(status))") }
        let library = repository.appendingPathComponent(".build/consumers-venv/lib")
        for version in (try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? [] {
            let file = library.appendingPathComponent("\(version)/site-packages/axe_playwright_python/axe.min.js")
            if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
        }
        throw Browser.Failure("axe.min.js is not in \(library.path); run Tools/Scripts/consumers/venv.sh")
    }
}

extension Browser {
    /// What axe-core finds against WCAG A and AA on the open page, one line per rule broken with
    /// the first few elements that break it; empty when it finds nothing.
    public func accessibilityViolations(script: String) async throws -> [String] {
        _ = try await execute(script + "\nwindow.axe = axe; return true;")
        let found = try await executeAsync(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, { runOnly: { type: 'tag', values: arguments[0] } })
              .then((result) => done(result.violations.map((v) => v.id + ': ' + v.help + ' ('
                + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + (n.failureSummary ? ' — ' + n.failureSummary.split('\\n').slice(1).join(' ').trim() : '')).join('; ')
                + (v.nodes.length > 3 ? '; and ' + (v.nodes.length - 3) + ' more' : '') + ')')))
              .catch((error) => done(['axe-core failed: ' + error]));
            """, [AxeCore.tags])
        return (found as? [Any] ?? ["axe-core returned nothing"]).map { "\($0)" }
    }
}
