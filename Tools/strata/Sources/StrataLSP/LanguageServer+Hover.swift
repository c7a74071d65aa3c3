import Foundation
import StrataLint

extension LanguageServer {
    /// On an import: the file's layer, what the layer may use, whether this import is one of
    /// them, and the rules file's own words on the layer.
    func hover(_ params: TextDocumentPositionParams) -> Hover? {
        let uri = params.textDocument.uri
        guard let root, let session, let path = relativePath(uri), let target = session.target(ofFile: path),
            let file = session.scannedFile(path)
        else { return nil }
        let document = documents[uri] ?? diskDocument(path)
        let line = document.utf8Place(of: params.position, encoding: encoding).line
        guard let statement = file.imports.first(where: { $0.line == line }) else { return nil }
        let result = session.result
        let rules = result.rules
        var text = "**import \(statement.path.joined(separator: "."))** in target `\(target)`"
        guard let layerName = result.layer(of: target), let layer = rules.layer(named: layerName) else {
            text += ", which no layer of \(rules.file) holds."
            return Hover(contents: .init(value: text), range: nil)
        }
        text += ", layer **\(layerName)** (\(rules.file):\(layer.place.line))\n\n"
        let allowed = layer.mayUse.map(\.name)
        text +=
            "`\(layerName)` may use: \(allowed.isEmpty ? "nothing of the package" : allowed.joined(separator: ", "))\n\n"
        if let verdict = session.verdict(target: target, imports: statement.module) {
            text += "**Not allowed** (`\(verdict.rule)`): \(verdict.explanation)\n\n"
        } else {
            text += "Allowed.\n\n"
        }
        let rulesText =
            FileManager.default.contents(atPath: root.appendingPathComponent(rules.file).path).map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        let why = RulePlaces.comment(above: layer.place.line, in: rulesText)
        if !why.isEmpty { text += "Why (\(rules.file)): \(why)\n\n" }
        for rule in rules.forbidden where rule.from.contains(where: { $0.name == layerName }) {
            text += "Forbidden by `\(rule.id)`: \(rule.to.map(\.name).joined(separator: ", ")): \(rule.reason)\n\n"
        }
        let start = document.position(line: statement.line, utf8Column: statement.column, encoding: encoding)
        let end = document.tokenEnd(line: statement.line, utf8Column: statement.column, encoding: encoding)
        return Hover(
            contents: .init(value: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            range: TextRange(start: start, end: end))
    }
}
