import ArgumentParser

/// How a command prints its result: the same three formats, with the same names, in every app.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Aligned text for people (tables where the result is a list).
    case text
    /// Tab-separated fields, one record a line, no header: for `cut`, `awk` and shell loops.
    case plain
    /// JSON for scripts, in the apps' one JSON style (`JSONOutput`).
    case json

    /// Reads a `--format` value; `table` is accepted as another name for `text`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "text", "table": self = .text
        case "plain": self = .plain
        case "json": self = .json
        default: return nil
        }
    }

    /// The help text every `--format` option shows.
    public static let help = ArgumentHelp(
        "Output format: text (aligned, for people), plain (tab-separated, for scripts) or json.", valueName: "format")
}
