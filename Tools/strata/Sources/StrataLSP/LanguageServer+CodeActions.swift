import Foundation
import StrataLint
import StrataScaffold

extension LanguageServer {
    /// Quick fixes for the dependency findings at the range (the edit `strata lint --fix` makes to
    /// Package.swift), and for a finding a rule of the rules file decides, a move to that rule.
    func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        guard let root, let session else { return [] }
        let uri = params.textDocument.uri
        let entries = published[uri] ?? []
        let wanted = params.context.diagnostics
        let findings = entries.filter { entry in
            wanted.contains {
                $0.range.start.line == entry.diagnostic.range.start.line && $0.code == entry.diagnostic.code
                    && $0.message == entry.diagnostic.message
            }
        }
        var actions: [CodeAction] = []
        let manifestURI = root.appendingPathComponent("Package.swift").absoluteString
        let manifest = documents[manifestURI] ?? diskDocument("Package.swift")
        for (diagnostic, finding) in findings {
            guard let finding else { continue }
            if DependencyFixes.rules.contains(finding.rule) {
                actions.append(
                    fixAction(
                        [finding], manifest: manifest, manifestURI: manifestURI, diagnostic: diagnostic,
                        session: session))
            } else if let place = RulePlaces.place(of: finding, in: session.result) {
                let rulesURI = root.appendingPathComponent(session.result.rules.file).absoluteString
                actions.append(
                    CodeAction(
                        title: "Open the rule in \(session.result.rules.file) (line \(place.line))", kind: "quickfix",
                        diagnostics: [diagnostic],
                        command: Command(
                            title: "Open the rule", command: Self.showRuleCommand,
                            arguments: [.string(rulesURI), .number(Double(place.line)), .number(Double(place.column))]))
                )
            }
        }
        let all = session.result.findings.filter { DependencyFixes.rules.contains($0.rule) && !$0.known }
        if actions.contains(where: { $0.edit != nil }), all.count > 1 {
            var fixAll = fixAction(all, manifest: manifest, manifestURI: manifestURI, diagnostic: nil, session: session)
            fixAll.title = "Fix every dependency finding in Package.swift (strata lint --fix)"
            fixAll.kind = "source.fixAll"
            fixAll.isPreferred = nil
            actions.append(fixAll)
        }
        return actions
    }

    /// The edit `DependencyFixes` makes for `findings`, as the one replacement of Package.swift's
    /// changed span; disabled, with the reason, when it refuses.
    private func fixAction(
        _ findings: [Finding], manifest: TextDocument, manifestURI: String, diagnostic: Diagnostic?,
        session: LintSession
    ) -> CodeAction {
        let plan = DependencyFixes(findings: findings, graph: session.result.graph, manifest: manifest.text)
        let title = plan.fixes.first.map { fix in
            fix.added.map { "Declare \($0) in \(fix.target)'s dependencies" }
                ?? "Remove \(fix.dependency) from \(fix.target)'s dependencies"
        }
        guard let title, plan.before != plan.after else {
            let reason = plan.refused.first?.reason ?? "strata cannot fix this in Package.swift"
            return CodeAction(
                title: "Fix in Package.swift", kind: "quickfix", diagnostics: diagnostic.map { [$0] },
                disabled: .init(reason: reason))
        }
        return CodeAction(
            title: title, kind: "quickfix", diagnostics: diagnostic.map { [$0] }, isPreferred: true,
            edit: WorkspaceEdit(changes: [
                manifestURI: [Self.replacement(from: manifest, to: plan.after, encoding: encoding)]
            ]))
    }

    /// The one edit that turns `document`'s text into `text`: the span between their common start and end.
    static func replacement(from document: TextDocument, to text: String, encoding: PositionEncoding) -> TextEdit {
        let old = Array(document.text.utf8)
        let new = Array(text.utf8)
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // Whole characters only: back off to the start of a UTF-8 sequence on both sides.
        while prefix > 0, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let start = document.position(ofUTF8Offset: prefix, encoding: encoding)
        let end = document.position(ofUTF8Offset: old.count - suffix, encoding: encoding)
        let inserted = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return TextEdit(range: TextRange(start: start, end: end), newText: inserted)
    }

    /// `strata.showRule`: asks the client to show the rules file at the rule.
    func execute(_ params: ExecuteCommandParams) throws {
        guard params.command == Self.showRuleCommand, let arguments = params.arguments, arguments.count == 3,
            case .string(let uri) = arguments[0], case .number(let line) = arguments[1],
            case .number(let column) = arguments[2]
        else {
            throw RequestFailure(
                code: ErrorCode.invalidParams, message: "strata has no command \(params.command) with these arguments")
        }
        let place = Position(line: max(Int(line) - 1, 0), character: max(Int(column) - 1, 0))
        sendRequest(
            "window/showDocument",
            ShowDocumentParams(uri: uri, takeFocus: true, selection: TextRange(start: place, end: place)))
    }
}
