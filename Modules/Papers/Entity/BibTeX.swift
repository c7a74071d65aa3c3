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

    /// `text` as valid LaTeX for a braced BibTeX field.
    ///
    /// Paired `$…$` is math and kept as it is; a `\` before a letter or an escapable character
    /// starts a command and is kept, any other `\` is `\textbackslash{}`; the characters in
    /// `escapes` are escaped; braces stay when they balance (TeX groups) and are escaped when not.
    static func latex(_ text: String) -> String {
        let characters = Array(balanced(text))
        let mathDollars = mathDelimiters(characters)
        var output = ""
        var index = 0
        var inMath = false
        while index < characters.count {
            let character = characters[index]
            if character == "$", mathDollars.contains(index) {
                inMath.toggle()
                output.append(character)
            } else if inMath {
                output.append(character)
            } else if character == "\\" {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
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

    /// The text with unbalanced braces escaped, so one stray `}` cannot end the field early.
    static func balanced(_ text: String) -> String {
        var depth = 0
        for character in text {
            if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            if depth < 0 { break }
        }
        guard depth != 0 else { return text }
        return text.replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
    }
}
