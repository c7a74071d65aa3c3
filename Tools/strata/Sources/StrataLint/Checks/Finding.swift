/// One broken rule: what is wrong, where, and which rule says so.
public struct Finding: Sendable, Hashable, Codable {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Codable {
        /// A violation: fails the run unless the baseline knows it.
        case error
        /// Worth a look; never fails the run.
        case warning
    }

    /// The id of the rule that is broken, such as `implicit-dependency`.
    public var rule: String
    /// How serious it is.
    public var severity: Severity
    /// One line for a person: what is wrong and what to do.
    public var message: String
    /// The target the finding is about (the depending one, for an edge).
    public var target: String
    /// The module depended on, for an edge.
    public var dependency: String?
    /// The file, relative to the package root.
    public var file: String?
    /// The 1-based line, for source findings.
    public var line: Int?
    /// The 1-based column, for source findings.
    public var column: Int?
    /// Whether the baseline lists this finding (a known violation that does not fail the run).
    public var known = false

    public init(
        rule: String, severity: Severity = .error, message: String, target: String, dependency: String? = nil,
        file: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.target = target
        self.dependency = dependency
        self.file = file
        self.line = line
        self.column = column
    }

    /// The finding's identity in a baseline: no line numbers, so editing a file does not churn it.
    public var key: String { [rule, target, dependency ?? "", file ?? ""].joined(separator: "|") }

    /// Orders findings by file, line, column, then rule, for stable output.
    static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
        let left = (lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0, lhs.rule, lhs.target, lhs.dependency ?? "")
        let right = (rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0, rhs.rule, rhs.target, rhs.dependency ?? "")
        return left < right
    }
}

/// The rules every check reports under, with a description for SARIF and the docs.
public enum RuleCatalog {
    /// Every built-in rule id and what it means.
    public static let descriptions = Dictionary(uniqueKeysWithValues: BuiltInRule.allCases.map { ($0.id, $0.summary) })

    /// A description of `rule`, also for the rules file's own `forbidden` and `forbidden_text` rules.
    public static func describe(_ rule: String, rules: Rules? = nil) -> String {
        if let text = rules?.forbiddenText.first(where: { $0.id == rule }) {
            return "A string literal holds text the rules file forbids (rule '\(rule)'): "
                + (text.reason.hasSuffix(".") ? text.reason : text.reason + ".")
        }
        if let declaration = rules?.declarations.first(where: { $0.id == rule }) {
            return "A declaration breaks a rule of the rules file (rule '\(rule)'): "
                + (declaration.reason.hasSuffix(".") ? declaration.reason : declaration.reason + ".")
        }
        return descriptions[rule] ?? "An edge the rules file forbids (rule '\(rule)')."
    }

    /// Whether findings of `rule` are about an edge between two modules (the graph draws those);
    /// `missing-type` and text rules name a type or a text as their `dependency`, not a module.
    public static func isEdgeRule(_ rule: String, rules: Rules) -> Bool {
        rule != BuiltInRule.missingType.id && !rules.forbiddenText.contains { $0.id == rule }
            && !rules.declarations.contains { $0.id == rule }
    }
}
