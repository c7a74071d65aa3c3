import Foundation
import StrataLint
import StrataScaffold

extension LanguageServer {
    /// Checks the texts that changed since the last check, then publishes every stale document's diagnostics.
    func checkAndPublish() {
        if let session, !pending.isEmpty {
            do {
                try session.update(pending)
            } catch let error as ConfigError {
                failure = (error.message, error.file, error.line)
                publishAll()
            } catch {
                failure = ("strata cannot check the package: \(error)", nil, nil)
                publishAll()
            }
        }
        pending = [:]
        guard !stale.isEmpty else { return }
        // Any check may change what Package.swift shows (an import gone makes a dependency unused).
        if let root { stale.insert(root.appendingPathComponent("Package.swift").absoluteString) }
        for uri in stale.sorted() { publish(uri) }
        stale = []
    }

    private func publish(_ uri: String) {
        // Package.swift's findings rarely change with a keystroke: mapped and sent only when they do.
        if let root, uri == root.appendingPathComponent("Package.swift").absoluteString, documents[uri] == nil,
            failure == nil, let session, let published = published[uri],
            published.map(\.finding) == packageFindings(session).map(Optional.init)
        {
            return
        }
        let entries = diagnostics(for: uri)
        let old = published[uri].map { $0.map(\.diagnostic) } ?? []
        let new = entries.map(\.diagnostic)
        // Unchanged diagnostics are not sent again, except to a document just opened or edited.
        if old == new, documents[uri] == nil, published[uri] != nil { return }
        published[uri] = entries
        sendNotification(
            "textDocument/publishDiagnostics",
            PublishDiagnosticsParams(uri: uri, version: documents[uri]?.version, diagnostics: new))
    }

    /// The diagnostics of one document, each with the finding it shows.
    func diagnostics(for uri: String) -> [(diagnostic: Diagnostic, finding: Finding?)] {
        guard let root else { return notice(uri, failure?.message ?? "strata found no package here") }
        guard let path = relativePath(uri) else {
            guard documents[uri] != nil else { return [] }
            return notice(
                uri, "outside the package at \(root.path); strata checks only that package's sources", .information)
        }
        if let failure {
            let onFile = failure.file.map { root.appendingPathComponent($0).absoluteString == uri } ?? false
            if path == "Package.swift" || onFile || documents[uri] != nil {
                let line = onFile ? max((failure.line ?? 1) - 1, 0) : 0
                return notice(uri, failure.message, line: line)
            }
            return []
        }
        guard let session else { return [] }
        let result = session.result
        let mapper = DiagnosticMapper(root: root, encoding: encoding, docs: RuleDocs(root: root))
        if path == "Package.swift" {
            let findings = packageFindings(session)
            let manifest = documents[uri] ?? diskDocument(path)
            if manifestPlaces?.text != manifest.text { manifestPlaces = ManifestPlaces(manifest.text) }
            let places = manifestPlaces ?? ManifestPlaces(manifest.text)
            let diagnostics = mapper.packageDiagnostics(findings, manifest: manifest, places: places, result: result)
            return zip(diagnostics, findings).map {
                (diagnostic: $0.0, finding: Optional($0.1))
            }
        }
        guard path.hasSuffix(".swift") else { return [] }
        guard session.target(ofFile: path) != nil else {
            guard documents[uri] != nil else { return [] }
            return notice(uri, "belongs to no target of Package.swift; strata checks targets' sources", .information)
        }
        let findings = result.findings.filter { $0.file == path }
        let document = documents[uri] ?? diskDocument(path)
        return zip(mapper.sourceDiagnostics(findings, document: document, result: result), findings).map {
            (diagnostic: $0.0, finding: Optional($0.1))
        }
    }

    /// The findings shown on Package.swift: those no Swift file of a target holds.
    private func packageFindings(_ session: LintSession) -> [Finding] {
        session.result.findings.filter { !isSourceFile($0.file, session: session) }
    }

    private func isSourceFile(_ file: String?, session: LintSession) -> Bool {
        guard let file, file.hasSuffix(".swift"), file != "Package.swift" else { return false }
        return session.target(ofFile: file) != nil
    }

    private func notice(
        _ uri: String, _ message: String, _ severity: Diagnostic.Severity = .error, line: Int = 0
    ) -> [(diagnostic: Diagnostic, finding: Finding?)] {
        let place = Position(line: line, character: 0)
        return [(Diagnostic(range: TextRange(start: place, end: place), severity: severity, message: message), nil)]
    }

    func diskDocument(_ path: String) -> TextDocument {
        let url = (root ?? URL(fileURLWithPath: "/")).appendingPathComponent(path)
        let text = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return TextDocument(text: text, version: nil)
    }
}
