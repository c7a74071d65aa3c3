import Plot

/// Text and attribute values exactly as given, whatever characters they hold.
///
/// Plot escapes `<` and `>` in text but keeps what looks like an entity (`&lt;` stays `&lt;`, so
/// a customer named `&lt;b&gt;` would show as `<b>`), and writes attribute values as they are: a
/// value with a `"` would end the attribute. Every value that came from a person (a name, a
/// title, a query) goes through these.
public enum HTMLEscaping {
    /// `text` for an attribute value between double quotes: `&`, `<`, `>`, `"` and `'` as entities.
    public static func attribute(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` with only `&` made an entity, for Plot's text escaping to finish (it leaves entities alone).
    static func ampersands(_ text: String) -> String {
        text.contains("&") ? text.replacingOccurrences(of: "&", with: "&amp;") : text
    }
}

extension Node {
    /// Text shown exactly as given: an `&` stays an ampersand, `<` never opens a tag.
    public static func plainText(_ text: String) -> Node {
        .text(HTMLEscaping.ampersands(text))
    }

    /// The attribute `name` with `value` escaped, for values that came from a person.
    public static func escaped(_ name: String, _ value: String) -> Node {
        .attribute(named: name, value: HTMLEscaping.attribute(value), ignoreIfValueIsEmpty: false)
    }
}

extension Attribute {
    /// The attribute `name` with `value` escaped, for values that came from a person.
    public static func escaped(_ name: String, _ value: String) -> Attribute {
        Attribute(name: name, value: HTMLEscaping.attribute(value), ignoreIfValueIsEmpty: false)
    }
}
