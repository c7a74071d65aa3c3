// TRANSITIONAL (one-feature-shape): the apps resolve paths through AppSupport.DatabasePath; this goes once no factory uses it.
import Core
import Foundation

/// Where a feature's database file lives: an explicit path, else `$XDG_DATA_HOME/strata/<file>`.
///
/// The XDG base directory spec puts user data under `$XDG_DATA_HOME`, defaulting to
/// `~/.local/share`; every feature keeps its own file there, so bounded contexts never share tables.
public enum DatabaseLocation {
    /// The path to use for `fileName`, given an override (a `--db` flag or an environment variable).
    ///
    /// - Parameters:
    ///   - fileName: the file's name under the data directory, such as `coffee.sqlite`.
    ///   - override: a path the user gave; a leading `~/` is expanded.
    ///   - environment: the process environment (injected for tests).
    public static func resolve(
        fileName: String,
        override: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let override, !override.isEmpty {
            return URL(fileURLWithPath: expandTilde(override, environment: environment))
        }
        return dataDirectory(environment: environment).appendingPathComponent(fileName)
    }

    /// The directory Strata keeps its data in: `$XDG_DATA_HOME/strata` or `~/.local/share/strata`.
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        // The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("strata")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/strata")
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
