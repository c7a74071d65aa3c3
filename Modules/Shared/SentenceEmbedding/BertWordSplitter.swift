import Foundation

/// BERT's text clean-up and word splitting, as HuggingFace's `BertNormalizer` and `BertPreTokenizer` do it.
///
/// Works on Unicode scalars throughout, never on Swift `Character`s, because the reference
/// implementation sees code points and grapheme clustering would merge what it splits.
struct BertWordSplitter: Sendable {
    var lowercases: Bool
    var stripsAccents: Bool
    var isolatesChineseCharacters: Bool

    /// The words and punctuation marks of `text`, each as its Unicode scalars.
    func words(in text: String) -> [[Unicode.Scalar]] {
        var normalized = cleaned(text)
        if stripsAccents {
            // NFD splits letters from their accents, which are then dropped as nonspacing marks.
            normalized = String(normalized).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            }
        }
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        func finishWord() {
            if !current.isEmpty {
                words.append(current)
                current.removeAll(keepingCapacity: true)
            }
        }
        for scalar in normalized {
            if Self.isWhitespace(scalar) {
                finishWord()
            } else if Self.isPunctuation(scalar) {
                finishWord()
                words.append(lowercases ? Self.lowercased(scalar) : [scalar])
            } else if lowercases {
                current.append(contentsOf: Self.lowercased(scalar))
            } else {
                current.append(scalar)
            }
        }
        finishWord()
        return words
    }

    /// Drops NUL, U+FFFD and control characters, turns whitespace into spaces and puts spaces
    /// around CJK ideographs so that each becomes a word of its own.
    private func cleaned(_ text: String) -> String.UnicodeScalarView {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || scalar.value == 0xFFFD || Self.isControl(scalar) {
                continue
            }
            if Self.isWhitespace(scalar) {
                result.append(" ")
            } else if isolatesChineseCharacters && Self.isChineseCharacter(scalar) {
                result.append(" ")
                result.append(scalar)
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return result
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            let value = scalar.value
            let lowered = (0x41...0x5A).contains(value) ? value + 0x20 : value
            return [Unicode.Scalar(UInt8(lowered))]
        }
        // The full, context-free mapping (one code point may become several), like Rust's `char::to_lowercase`.
        return Array(scalar.properties.lowercaseMapping.unicodeScalars)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.isWhitespace
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" {
            return false
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// BERT's punctuation: every non-alphanumeric printable ASCII character plus Unicode's P* categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value)
            || (123...126).contains(value)
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK Unified Ideograph blocks that BERT isolates (not Japanese kana or Korean Hangul).
    ///
    /// HuggingFace's Rust tokenizer, which sentence-transformers uses, starts one block at U+2B920
    /// where Google's original BERT has U+2B820; U+2B820–U+2B91F is therefore not isolated here either.
    static func isChineseCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
            0x2B740...0x2B81F, 0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
