/// Removes the findings the rules file accepts, and reports exceptions that accept nothing.
enum ExceptionFilter {
    static func apply(_ exceptions: [Rules.Exception], to findings: [Finding], rulesFile: String) -> [Finding] {
        var used = Array(repeating: false, count: exceptions.count)
        var kept: [Finding] = []
        for finding in findings {
            if let index = exceptions.firstIndex(where: { matches($0, finding) }) {
                used[index] = true
            } else {
                kept.append(finding)
            }
        }
        for (index, exception) in exceptions.enumerated() where !used[index] {
            let what = [
                exception.rule.map { "rule \($0)" }, exception.from.map { "from \($0)" },
                exception.to.map { "to \($0)" }, exception.file.map { "file \($0)" },
            ]
            .compactMap { $0 }.joined(separator: ", ")
            kept.append(
                Finding(
                    rule: BuiltInRule.staleException.id,
                    message: "exception (\(what)) matches no finding; remove it from \(rulesFile)",
                    target: what, file: rulesFile, line: exception.place.line, column: exception.place.column))
        }
        return kept
    }

    static func matches(_ exception: Rules.Exception, _ finding: Finding) -> Bool {
        if let rule = exception.rule, rule != finding.rule { return false }
        if let from = exception.from, !from.matches(finding.target) { return false }
        if let to = exception.to, !to.matches(finding.dependency ?? "") { return false }
        if let file = exception.file, !file.matches(finding.file ?? "") { return false }
        return true
    }
}
