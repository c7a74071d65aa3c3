import Core
import Foundation

/// Where an app's database file is: `--db`, else `STRATA_<APP>_DB`, else `$XDG_DATA_HOME/strata/<app>.sqlite`.
///
/// The XDG base directory spec puts user data under `$XDG_DATA_HOME` (`~/.local/share` when
/// unset or relative); every feature keeps its own file there, so bounded contexts never share
/// tables. An empty `--db` or variable is a mistake (an unset shell variable), never "the default".
public enum DatabasePath {
    /// The environment variable that names `app`'s database, such as `STRATA_COLOR_EVENTS_DB`.
    public static func variable(app: String) -> String {
        EnvironmentValue.name(app: app, setting: "DB")
    }

    /// The file `app` uses, given the `--db` option.
    ///
    /// - Throws: `MessageError.usage` when `--db` or the variable is set but empty.
    public static func resolve(
        app: String, option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        let variable = variable(app: app)
        if let option {
            guard !option.isEmpty else {
                throw MessageError.usage("--db is empty; give a file path, or leave --db out for the default")
            }
            return URL(fileURLWithPath: expandTilde(option, environment: environment))
        }
        if let value = environment[variable] {
            guard !value.isEmpty else {
                throw MessageError.usage(
                    "$\(variable) is set but empty; give it a file path, or unset it for the default")
            }
            return URL(fileURLWithPath: expandTilde(value, environment: environment))
        }
        return dataDirectory(environment: environment).appendingPathComponent("\(app).sqlite")
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
