import Foundation

/// JSON for scripts: sorted keys, ISO 8601 dates, pretty-printed, one trailing newline.
///
/// The same encoder serves every app's JSON output, so every tool's JSON looks alike.
public enum JSONOutput {
    /// The encoder every app uses.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `value` as JSON text.
    public static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }
}
