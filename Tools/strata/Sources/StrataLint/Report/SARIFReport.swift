/// SARIF 2.1.0 for code scanning: one run, the rules that fired, one result per finding.
///
/// Locations are relative to the package root (`%SRCROOT%`); known violations carry
/// `baselineState: unchanged`, new ones `new`, and every result a line-free fingerprint.
enum SARIFReport {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version
            case runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "strata"
        var version = StrataVersion.current
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var baselineState: String
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "%SRCROOT%"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    static func render(_ result: LintResult) throws -> String {
        let ruleIds = Array(Set(result.findings.map(\.rule))).sorted()
        let rules = ruleIds.map { id in
            let severity = result.findings.first { $0.rule == id }?.severity ?? .error
            return Rule(
                id: id, shortDescription: Text(text: RuleCatalog.describe(id, rules: result.rules)),
                defaultConfiguration: Configuration(level: severity.rawValue))
        }
        let index = Dictionary(uniqueKeysWithValues: ruleIds.enumerated().map { ($1, $0) })
        let results = result.findings.map { finding in
            Result(
                ruleId: finding.rule, ruleIndex: index[finding.rule] ?? 0,
                level: finding.known ? "note" : finding.severity.rawValue,
                message: Text(text: finding.message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: finding.file ?? "Package.swift"),
                            region: finding.line.map { Region(startLine: $0, startColumn: finding.column) }))
                ],
                baselineState: finding.known ? "unchanged" : "new",
                partialFingerprints: ["strataKey/v1": finding.key])
        }
        return try JSONReport.encode(Log(runs: [Run(tool: Tool(driver: Driver(rules: rules)), results: results)]))
    }
}
