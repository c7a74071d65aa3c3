import Foundation
import StrataTestSupport

@testable import StrataLint

/// A fixture package under Tests/StrataLintTests/Fixtures, linted from its saved dump-package output.
struct Fixture {
    let name: String

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The monorepo's root folder.
    static let repository = Monorepo.root

    var url: URL { Self.root.appendingPathComponent(name) }

    func options(rules: String = "strata.yml", baseline: String? = nil) -> LintOptions {
        LintOptions(
            packageDirectory: url, rulesFile: url.appendingPathComponent(rules),
            packageJSON: url.appendingPathComponent("package.json"),
            baseline: baseline.map { url.appendingPathComponent($0) })
    }

    func lint(rules: String = "strata.yml", baseline: String? = nil) throws -> LintResult {
        try Linter.run(options(rules: rules, baseline: baseline))
    }

    /// The config error a rules file causes, as `file:line:col: message`.
    func configError(rules: String) -> ConfigError? {
        do {
            _ = try lint(rules: rules)
            return nil
        } catch {
            return error as? ConfigError
        }
    }
}

extension Finding {
    /// `file:line:col rule target->dependency`, compact enough to list a fixture's exact findings.
    var compact: String {
        "\(file ?? "-"):\(line ?? 0):\(column ?? 0) \(rule) \(target)->\(dependency ?? "")\(severity == .warning ? " (warning)" : "")\(known ? " (known)" : "")"
    }
}

extension LintResult {
    var compact: [String] { findings.map(\.compact) }
}
