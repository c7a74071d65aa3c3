/// The parts of a Markdown document strata writes: the text between `<!-- strata:NAME:begin -->`
/// and `<!-- strata:NAME:end -->`, regenerated from the package and its rules so docs cannot drift.
public enum DocumentBlocks {
    /// The module graph as a Mermaid diagram (docs/ARCHITECTURE.md).
    public static let graph = "graph"
    /// The layer rules, from strata.yml (docs/ARCHITECTURE.md).
    public static let layers = "layers"
    /// The built-in rules: ids, severities, places, summaries (docs/StrataLint.md).
    public static let rules = "rules"

    /// The document with block `name`'s text replaced by `content`, or nil when it has no such block.
    public static func replacing(_ name: String, in document: String, with content: String) -> String? {
        guard let range = range(of: name, in: document) else { return nil }
        return String(document[..<range.lowerBound]) + "\n" + content + String(document[range.upperBound...])
    }

    /// The block's text as the document has it now (without the markers), or nil.
    public static func content(of name: String, in document: String) -> String? {
        guard let range = range(of: name, in: document) else { return nil }
        return String(document[range].dropFirst())
    }

    /// From the end of the begin marker up to the end marker, each a line of its own (a marker
    /// quoted in a sentence is text, not a block).
    private static func range(of name: String, in document: String) -> Range<String.Index>? {
        guard let start = line("<!-- strata:\(name):begin -->", in: document, from: document.startIndex),
            let stop = line("<!-- strata:\(name):end -->", in: document, from: start.upperBound)
        else { return nil }
        return start.upperBound..<stop.lowerBound
    }

    /// The first occurrence of `marker` from `start` that is a whole line.
    private static func line(_ marker: String, in document: String, from start: String.Index) -> Range<String.Index>? {
        var from = start
        while let found = document.range(of: marker, range: from..<document.endIndex) {
            let before =
                found.lowerBound == document.startIndex || document[document.index(before: found.lowerBound)] == "\n"
            let after = found.upperBound == document.endIndex || document[found.upperBound] == "\n"
            if before && after { return found }
            from = found.upperBound
        }
        return nil
    }
}
