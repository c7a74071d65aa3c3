extension MarkedText {
    /// A stretch of `text` (an abstract) of about `length` words around the first word a search
    /// for `expression` asks of every field or of the abstract, each such word marked; the start
    /// of the text, unmarked, when it holds none (the paper matched on another field).
    ///
    /// Words are compared as the index compares them (`PaperText.words`: letters and digits,
    /// lower-cased, accents dropped); the last word of a `word*` term matches as a prefix.
    public static func snippet(of text: String, matching expression: QueryExpression, length: Int = 24)
        -> MarkedText
    {
        let wanted = Wanted(expression)
        let words = wordRanges(text)
        guard !words.isEmpty else { return MarkedText([Run(text, isMatch: false)]) }
        let matched = words.map { wanted.matches(String(text[$0])) }
        let first = matched.firstIndex(of: true) ?? 0
        let start = max(0, min(first - length / 3, words.count - length))
        let end = min(words.count, start + length)
        var runs: [Run] = start > 0 ? [Run("…", isMatch: false)] : []
        var position = words[start].lowerBound
        for index in start..<end {
            let word = words[index]
            if position < word.lowerBound { runs.append(Run(String(text[position..<word.lowerBound]), isMatch: false)) }
            runs.append(Run(String(text[word]), isMatch: matched[index]))
            position = word.upperBound
        }
        if end < words.count { runs.append(Run("…", isMatch: false)) }
        return MarkedText(merged(runs))
    }

    /// The words a search asks of the abstract: exactly, or as a prefix for `word*`.
    private struct Wanted {
        var exact: Set<String> = []
        var prefixes: [String] = []

        init(_ expression: QueryExpression) {
            for term in expression.positiveTerms where term.field == .all || term.field == .abs {
                var words = PaperText.words(term.words)
                if term.words.hasSuffix("*"), let last = words.popLast() { prefixes.append(last) }
                exact.formUnion(words)
            }
        }

        func matches(_ word: String) -> Bool {
            PaperText.words(word).contains { folded in
                exact.contains(folded) || prefixes.contains { folded.hasPrefix($0) }
            }
        }
    }

    /// Where each run of letters and digits of `text` is.
    private static func wordRanges(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        for index in text.indices {
            let isWord = text[index].isLetter || text[index].isNumber
            if isWord, start == nil { start = index }
            if !isWord, let begun = start {
                ranges.append(begun..<index)
                start = nil
            }
        }
        if let begun = start { ranges.append(begun..<text.endIndex) }
        return ranges
    }

    /// `runs` with neighbours of the same kind joined.
    private static func merged(_ runs: [Run]) -> [Run] {
        runs.reduce(into: []) { merged, run in
            if let last = merged.last, last.isMatch == run.isMatch {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
    }
}
