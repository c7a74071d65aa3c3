import TerminalUI

/// One view data, laid out in each output format: how every app prints a result.
///
/// Each app's `Views` enum (`Apps/<app>/Views.swift`) makes one per kind of view data, and a
/// command prints it in the format asked for:
///
/// ```swift
/// try Views.menu(try presenter.menu.result()).print(as: options.format)
/// ```
public struct Rendering {
    /// Text for people, laid out for the terminal it goes to.
    public let text: (TerminalEnvironment) -> String
    /// Records for scripts: one a line, fields tab-separated, no header, nothing cut.
    public let plain: () -> [[String]]
    /// The JSON document, in the apps' one JSON style (`JSONOutput`).
    public let json: () throws -> String

    /// A rendering from its three layouts; `json` is encoded only when JSON is asked for.
    public init(
        text: @escaping (TerminalEnvironment) -> String, plain: @escaping () -> [[String]],
        json: @escaping () -> any Encodable
    ) {
        self.text = text
        self.plain = plain
        self.json = { try JSONOutput.string(json()) }
    }

    /// The output in `format`, without a final line break; `nil` when there is nothing to print
    /// (plain records of an empty list).
    public func output(as format: OutputFormat, terminal: TerminalEnvironment) throws -> String? {
        switch format {
        case .text: return text(terminal)
        case .json: return try json()
        case .plain:
            let records = plain()
            return records.isEmpty ? nil : Self.plainRecords(records)
        }
    }

    /// Records as `--format plain` prints them: fields tab-separated, one record a line.
    ///
    /// A field is stored text (a title, a name): a tab or a line break in it would split the
    /// record, and an Escape would reach the terminal as a command, so control characters are
    /// shown as `Quote.visible` shows them (`^I`, `^J`, `^[`).
    public static func plainRecords(_ records: [[String]]) -> String {
        records.map { $0.map(Quote.visible).joined(separator: "\t") }.joined(separator: "\n")
    }

    /// Prints the output in `format` on standard output, through the one output path.
    ///
    /// - Throws: `OutputError` when it did not all arrive.
    public func print(as format: OutputFormat, terminal: TerminalEnvironment = .live) throws {
        if let output = try output(as: format, terminal: terminal) { try StandardOutput.writeLine(output) }
    }
}
