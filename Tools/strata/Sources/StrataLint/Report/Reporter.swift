import Foundation

/// The formats `strata lint` writes.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Compiler-style lines: `path:line:col: error: message [rule]`.
    case text
    /// The same lines with absolute paths, as compilers print them for IDEs and build-tool plugins.
    case xcode
    /// One JSON document with findings, stale baseline entries and a summary.
    case json
    /// GitHub Actions workflow commands (`::error file=...::message`).
    case github
    /// SARIF 2.1.0, for code scanning.
    case sarif
}

/// Writes a lint result in one of the report formats.
public enum Reporter {
    /// The report of `result` in `format`; `baselinePath` names the baseline in stale-entry lines.
    public static func render(_ result: LintResult, format: ReportFormat, baselinePath: String? = nil) throws -> String
    {
        switch format {
        case .text: TextReport.render(result, baselinePath: baselinePath)
        case .xcode: TextReport.render(result, baselinePath: baselinePath, absoluteIn: result.packageDirectory)
        case .github: GitHubReport.render(result, baselinePath: baselinePath)
        case .json: try JSONReport.render(result)
        case .sarif: try SARIFReport.render(result)
        }
    }

    /// One summary line, for standard error: counts and where the time went.
    public static func summary(_ result: LintResult) -> String {
        let errors = result.findings.filter { $0.severity == .error }
        let known = errors.filter(\.known).count
        let warnings = result.findings.count - errors.count
        let stats = result.statistics
        return
            "strata: \(stats.targets) targets, \(stats.features) features, \(stats.files) files, \(stats.imports) imports: "
            + "\(errors.count - known) error(s)\(known > 0 ? " (+\(known) known)" : ""), \(warnings) warning(s)"
            + (result.staleBaseline.isEmpty
                ? ""
                : ", \(result.staleBaseline.count) stale baseline entr\(result.staleBaseline.count == 1 ? "y" : "ies")")
            + String(format: "; manifest %.3f s", stats.manifestSeconds)
            + " (\(stats.manifestSource.rawValue))"
            + String(format: ", scan %.3f s", stats.scanSeconds) + " (\(stats.parsed) parsed)"
            + String(format: ", checks %.3f s", stats.checkSeconds)
    }

    static func location(_ finding: Finding) -> String {
        var place = finding.file ?? "Package.swift"
        if let line = finding.line {
            place += ":\(line)"
            if let column = finding.column { place += ":\(column)" }
        }
        return place
    }

    static func describe(_ entry: Baseline.Entry) -> String {
        "stale baseline entry \(entry.key) (\(entry.count) no longer occur); remove it or rewrite the baseline with --write-baseline"
    }
}

/// `path:line:col: error: message [rule]`, one finding per line.
enum TextReport {
    static func render(_ result: LintResult, baselinePath: String?, absoluteIn root: URL? = nil) -> String {
        let prefix = root.map { $0.standardizedFileURL.path + "/" } ?? ""
        var lines = result.findings.map { finding in
            let level = finding.known ? "note" : finding.severity.rawValue
            let location = Reporter.location(finding)
            return
                "\(location.hasPrefix("/") ? location : prefix + location): \(level): \(finding.known ? "known violation: " : "")\(finding.message) [\(finding.rule)]"
        }
        lines += result.staleBaseline.map { "\(baselinePath ?? "baseline"): note: \(Reporter.describe($0))" }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// GitHub Actions workflow commands, so findings show as annotations on the pull request.
enum GitHubReport {
    static func render(_ result: LintResult, baselinePath: String?) -> String {
        var lines = result.findings.map { finding in
            let command = finding.known ? "notice" : finding.severity.rawValue
            var properties = ["file=\(escapeProperty(finding.file ?? "Package.swift"))"]
            if let line = finding.line { properties.append("line=\(line)") }
            if let column = finding.column { properties.append("col=\(column)") }
            properties.append("title=\(escapeProperty("strata " + finding.rule))")
            return
                "::\(command) \(properties.joined(separator: ","))::\(escapeData((finding.known ? "known violation: " : "") + finding.message))"
        }
        lines += result.staleBaseline.map {
            "::notice file=\(escapeProperty(baselinePath ?? "baseline"))::\(escapeData(Reporter.describe($0)))"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// The findings, stale baseline entries and summary as one JSON document.
enum JSONReport {
    struct Document: Encodable {
        var version = 1
        var findings: [Finding]
        var staleBaseline: [Baseline.Entry]
        var summary: Summary
    }

    struct Summary: Encodable {
        var errors: Int
        var knownErrors: Int
        var warnings: Int
        var exitCode: Int32
        var statistics: LintStatistics
    }

    static func render(_ result: LintResult) throws -> String {
        let errors = result.findings.filter { $0.severity == .error }
        let document = Document(
            findings: result.findings, staleBaseline: result.staleBaseline,
            summary: Summary(
                errors: errors.filter { !$0.known }.count, knownErrors: errors.filter(\.known).count,
                warnings: result.findings.count - errors.count, exitCode: result.exitCode, statistics: result.statistics
            ))
        return try encode(document)
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
