import Yams

/// Edits strata.yml's text where Yams says its nodes are, leaving every other byte as written.
///
/// Yams rebuilds a document without its comments, so the upgrade inserts text at the places the
/// parsed nodes mark: after a flow list's last entry, below a block list's last item, or a new
/// `may_use:` line below a layer's `name:`.
struct YAMLListEditor {
    let text: String
    let file: String
    /// A CRLF file keeps its line endings.
    var newline: String { text.contains("\r\n") ? "\r\n" : "\n" }

    /// One insertion: `text` goes before the character at (`line`, `column`), both 0-based; a
    /// `column` of nil inserts `text` as whole lines before `line`.
    private struct Insertion {
        var line: Int
        var column: Int?
        var text: String
    }

    /// The text at `version: 2` with `added` appended to each named layer's `may_use`.
    func upgraded(adding added: [(layer: String, names: [String])]) throws -> String {
        guard let root = try Yams.compose(yaml: text), let top = root.mapping else {
            throw ConfigError(file: file, line: 1, column: 1, "the rules file is not a mapping; nothing to upgrade")
        }
        var lines = text.components(separatedBy: newline)
        var insertions: [Insertion] = []
        var replacements: [(line: Int, column: Int, length: Int, text: String)] = []

        if let version = top.first(where: { $0.key.string == "version" }), let mark = version.value.mark {
            replacements.append((mark.line - 1, mark.column - 1, version.value.string?.count ?? 1, "2"))
        } else if let first = top.first?.key.mark {
            insertions.append(Insertion(line: first.line - 1, column: nil, text: "version: 2"))
        }

        let layerNodes = top.first { $0.key.string == "layers" }?.value.sequence.map(Array.init) ?? []
        for (layer, names) in added where !names.isEmpty {
            guard let node = layerNodes.first(where: { $0.mapping?["name"]?.string == layer }),
                let mapping = node.mapping
            else { continue }
            let quoted = names.map(Self.scalar)
            if let entry = mapping.first(where: { $0.key.string == "may_use" }) {
                insertions += try mayUseInsertions(into: entry.value, quoted, lines: lines)
            } else if let key = mapping.first(where: { $0.key.string == "name" })?.key, let mark = key.mark {
                let indentation = String(repeating: " ", count: mark.column - 1)
                insertions.append(
                    Insertion(
                        line: mark.line, column: nil,
                        text: "\(indentation)may_use: [\(quoted.joined(separator: ", "))]"))
            }
        }

        // From the end, so earlier places stay where Yams marked them.
        for replacement in replacements {
            var characters = Array(lines[replacement.line])
            characters.replaceSubrange(
                replacement.column..<min(characters.count, replacement.column + replacement.length),
                with: Array(replacement.text))
            lines[replacement.line] = String(characters)
        }
        for insertion in insertions.sorted(by: { ($0.line, $0.column ?? -1) > ($1.line, $1.column ?? -1) }) {
            if let column = insertion.column {
                var characters = Array(lines[insertion.line])
                characters.insert(contentsOf: insertion.text, at: min(column, characters.count))
                lines[insertion.line] = String(characters)
            } else {
                lines.insert(insertion.text, at: min(insertion.line, lines.count))
            }
        }
        return lines.joined(separator: newline)
    }

    /// Where `names` go in a `may_use` value: a flow list, a block list or a single name.
    private func mayUseInsertions(into value: Node, _ names: [String], lines: [String]) throws -> [Insertion] {
        guard let mark = value.mark else {
            throw ConfigError(file: file, line: 1, column: 1, "a layer's may_use has no place in the file")
        }
        let (line, column) = (mark.line - 1, mark.column - 1)
        let joined = names.joined(separator: ", ")
        let characters = Array(lines[line])
        if value.scalar != nil {
            // `may_use: core` becomes `may_use: [core, Name]`.
            let end = column + (value.string.map { Self.writtenLength(of: $0, in: characters, at: column) } ?? 0)
            return [
                Insertion(line: line, column: column, text: "["),
                Insertion(line: line, column: end, text: ", \(joined)]"),
            ]
        }
        if characters.indices.contains(column), characters[column] == "[" {
            guard let close = Self.closingBracket(from: (line, column), in: lines) else {
                throw ConfigError(file: file, line: mark.line, column: mark.column, "a may_use list has no closing ]")
            }
            let empty = value.sequence?.isEmpty ?? true
            return [Insertion(line: close.line, column: close.column, text: empty ? joined : ", \(joined)")]
        }
        // A block list: new items below the last one, indented like it.
        let last = value.sequence?.last?.mark.map { $0.line - 1 } ?? line
        let dash = String(repeating: " ", count: column)
        return [Insertion(line: last + 1, column: nil, text: names.map { "\(dash)- \($0)" }.joined(separator: newline))]
    }

    /// The place of the `]` that closes the flow list opening at `start`, skipping quoted text and comments.
    static func closingBracket(from start: (line: Int, column: Int), in lines: [String]) -> (line: Int, column: Int)? {
        var depth = 0
        var quote: Character?
        for line in start.line..<lines.count {
            let characters = Array(lines[line])
            var column = line == start.line ? start.column : 0
            while column < characters.count {
                let character = characters[column]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "#" {
                    break
                } else if character == "[" {
                    depth += 1
                } else if character == "]" {
                    depth -= 1
                    if depth == 0 { return (line, column) }
                }
                column += 1
            }
        }
        return nil
    }

    /// How many characters a scalar takes where it is written (its quotes included).
    static func writtenLength(of scalar: String, in characters: [Character], at column: Int) -> Int {
        guard characters.indices.contains(column), characters[column] == "\"" || characters[column] == "'" else {
            return scalar.count
        }
        let quote = characters[column]
        let end = characters[(column + 1)...].firstIndex(of: quote) ?? (characters.count - 1)
        return end - column + 1
    }

    /// A name as a plain scalar when YAML reads it back as that string, else double-quoted.
    static func scalar(_ name: String) -> String {
        let plain = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
        let reserved: Set<String> = ["yes", "no", "true", "false", "on", "off", "null", "y", "n"]
        if plain, !reserved.contains(name.lowercased()), name.first?.isLetter == true { return name }
        return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
