import Foundation

/// Small helpers for BibTeX text.
///
/// arXiv's titles and notes are TeX-flavoured text: `$…$` math and commands such as `\"o` are
/// meant, while `&`, `%`, `#`, `_` and a lone `$` are usually plain characters that break LaTeX.
/// `latex(_:)` escapes those as bibtex-tidy's `--escape` does, and keeps math and commands.
enum BibTeX {
    /// ASCII letters and digits only, lower-cased, accents dropped: safe in a citation key.
    static func keyPart(_ text: String) -> String {
        let folded = text.folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(
            folded.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map(
                Character.init)
        ).lowercased()
    }

    /// What each character special to LaTeX becomes outside math: `\` is handled apart (a command or an escape is kept).
    static let escapes: [Character: String] = [
        "&": "\\&", "%": "\\%", "#": "\\#", "_": "\\_", "$": "\\$",
        "~": "\\textasciitilde{}", "^": "\\textasciicircum{}",
    ]

    /// Characters that follow `\` in an escape LaTeX already understands (`\&`, `\"o`, `\{`).
    private static let escapable = Set("&%$#_{}~^\\\"'`=.,;:!- ")

    /// `text` as valid LaTeX for a braced BibTeX field, its braces balanced as BibTeX counts them.
    ///
    /// Paired `$…$` is math and kept as it is (but `&`, `%` and `#`, which end a field's sense
    /// in math too, are escaped); a `\` before a letter or an escapable character starts a
    /// command and is kept, any other `\` is `\textbackslash{}`; the characters in `escapes`
    /// are escaped. BibTeX counts every brace, escaped or not, so a brace that closes nothing
    /// (or is never closed) would end the field early or swallow the entries after it: such a
    /// brace, plain or escaped, is written as a command without braces of its own
    /// (`\textbraceleft{}`, `\lbrace{}` in math). Braces that pair stay, as TeX groups.
    static func latex(_ text: String) -> String {
        let characters = Array(text)
        let mathDollars = mathDelimiters(characters)
        let stray = unpairedBraces(characters)
        var output = ""
        var index = 0
        var inMath = false
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "$", mathDollars.contains(index) {
                inMath.toggle()
                output.append(character)
            } else if stray.contains(index) {
                output += strayBrace(character, inMath: inMath)
            } else if character == "\\", let next, "{}".contains(next), stray.contains(index + 1) {
                output += strayBrace(next, inMath: inMath)
                index += 1
            } else if inMath {
                output += "&%#".contains(character) ? "\\\(character)" : String(character)
                if character == "\\", let next, !"{}".contains(next) {
                    output.append(next)
                    index += 1
                }
            } else if character == "\\" {
                if let next, next.isLetter || escapable.contains(next) {
                    output.append(character)
                    output.append(next)
                    index += 1
                } else {
                    output += "\\textbackslash{}"
                }
            } else {
                output += escapes[character] ?? String(character)
            }
            index += 1
        }
        return output
    }

    /// A brace that pairs with none, as a command LaTeX prints as the brace and BibTeX does not count.
    private static func strayBrace(_ brace: Character, inMath: Bool) -> String {
        switch (brace, inMath) {
        case ("{", false): "\\textbraceleft{}"
        case ("{", true): "\\lbrace{}"
        case (_, false): "\\textbraceright{}"
        case (_, true): "\\rbrace{}"
        }
    }

    /// The positions of the braces that pair with none: plain braces (TeX groups) are paired
    /// among themselves and escaped ones (`\{`, `\}`) among themselves, so each kind balances
    /// alone, and BibTeX, which counts both as one, sees the whole balance too.
    static func unpairedBraces(_ characters: [Character]) -> Set<Int> {
        var stray: Set<Int> = []
        var open: [Bool: [Int]] = [false: [], true: []]
        var index = 0
        while index < characters.count {
            var escaped = false
            var position = index
            if characters[index] == "\\", index + 1 < characters.count {
                guard "{}".contains(characters[index + 1]) else {
                    index += 2
                    continue
                }
                escaped = true
                position = index + 1
            }
            switch characters[position] {
            case "{": open[escaped, default: []].append(position)
            case "}":
                if open[escaped, default: []].popLast() == nil { stray.insert(position) }
            default: break
            }
            index = position + 1
        }
        for positions in open.values { stray.formUnion(positions) }
        return stray
    }

    /// `text` for a field read verbatim (a DOI, an id, a URL, a category): kept as it is but
    /// for what could end the field or the entry (braces), start a TeX command (`\`) or a
    /// comment (`%`), and white space and control characters, which are percent-encoded as a
    /// URL would have them (`%7D` for `}`); `https://doi.org/` resolves the encoded form alike.
    static func verbatim(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if "{}\\%#\"".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .control
            {
                for byte in String(scalar).utf8 { output += String(format: "%%%02X", byte) }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// An author's name for the `author` field: LaTeX-escaped, and braced whole when BibTeX would
    /// read it as more than one name (an ` and ` inside) or split it at a comma it holds.
    static func authorName(_ name: String) -> String {
        let escaped = latex(name)
        let splits = escaped.range(of: " and ", options: .caseInsensitive) != nil || escaped.contains(",")
        return splits ? "{\(escaped)}" : escaped
    }

    /// The positions of the `$` signs that open and close math: unescaped ones that are not a
    /// price (`$5`, `$1.5M,`), in pairs (a last odd one is a dollar sign).
    private static func mathDelimiters(_ characters: [Character]) -> Set<Int> {
        var positions: [Int] = []
        var index = 0
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == "$", !isPrice(characters, at: index) { positions.append(index) }
            index += 1
        }
        if positions.count % 2 == 1 { positions.removeLast() }
        return Set(positions)
    }

    /// Whether the `$` at `index` starts a price: digits (with `.` or `,` between them), an
    /// optional scale letter, then a space, punctuation or the end, not another `$` (`$5$` is math).
    private static func isPrice(_ characters: [Character], at index: Int) -> Bool {
        var end = index + 1
        guard end < characters.count, characters[end].isWholeNumber else { return false }
        while end < characters.count,
            characters[end].isWholeNumber
                || (",.".contains(characters[end]) && end + 1 < characters.count && characters[end + 1].isWholeNumber)
        {
            end += 1
        }
        if end < characters.count, "kKMBT".contains(characters[end]) { end += 1 }
        return end == characters.count || characters[end].isWhitespace || ",.;:!?)".contains(characters[end])
    }
}
