import Foundation
import StrataLint
import StrataScaffold

/// Turns findings into the editor's diagnostics: ranges in the document's own text and encoding,
/// the rule id as the code, a link to the rule, and the rule's place in the rules file.
struct DiagnosticMapper {
    let root: URL
    let encoding: PositionEncoding
    let docs: RuleDocs

    /// The diagnostics of the Swift file whose text is `document`.
    func sourceDiagnostics(_ findings: [Finding], document: TextDocument, result: LintResult) -> [Diagnostic] {
        findings.map { finding in
            let line = finding.line ?? 1
            let column = finding.column ?? 1
            let start = document.position(line: line, utf8Column: column, encoding: encoding)
            let end = document.tokenEnd(line: line, utf8Column: column, encoding: encoding)
            return diagnostic(finding, range: TextRange(start: start, end: end), result: result)
        }
    }

    /// The diagnostics shown on Package.swift: every finding no Swift file holds, at the target's
    /// declaration (or the dependency's entry) when the manifest writes it out, else at the top.
    func packageDiagnostics(
        _ findings: [Finding], manifest: TextDocument, places: ManifestPlaces, result: LintResult
    ) -> [Diagnostic] {
        findings.map { finding in
            let place = places.place(ofTarget: finding.target, dependency: finding.dependency)
            let range: TextRange
            if let place {
                let start = manifest.position(line: place.line, utf8Column: place.column, encoding: encoding)
                let end = manifest.position(line: place.line, utf8Column: place.endColumn, encoding: encoding)
                range = TextRange(start: start, end: end)
            } else {
                range = TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
            }
            var message = finding.message
            if finding.file != "Package.swift", let file = finding.file {
                message += " (\(file)\(finding.line.map { ":\($0)" } ?? ""))"
            }
            var mapped = diagnostic(finding, range: range, result: result)
            mapped.message = message
            return mapped
        }
    }

    private func diagnostic(_ finding: Finding, range: TextRange, result: LintResult) -> Diagnostic {
        let place = RulePlaces.place(of: finding, in: result)
        let related = place.map { place in
            [
                Diagnostic.RelatedInformation(
                    location: Location(
                        uri: root.appendingPathComponent(result.rules.file).absoluteString,
                        range: TextRange(
                            start: Position(line: place.line - 1, character: place.column - 1),
                            end: Position(line: place.line - 1, character: place.column - 1))),
                    message: "the rule in \(result.rules.file)")
            ]
        }
        return Diagnostic(
            range: range, severity: finding.severity == .error ? .error : .warning, code: finding.rule,
            codeDescription: docs.link(for: finding.rule, rules: result.rules, place: place).map {
                Diagnostic.CodeDescription(href: $0)
            }, message: finding.message + (finding.known ? " (known: in the baseline)" : ""),
            relatedInformation: related)
    }
}
