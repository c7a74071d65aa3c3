import Core
import Foundation

/// Which PostgreSQL database an app uses instead of its file: `--database`, else
/// `STRATA_<APP>_DATABASE_URL`, unless another store was chosen on the command line.
///
/// One store per run: `--database` with `--db` (or coffee's `--server`) is a usage error, and the
/// variable gives way to `--db` as a default gives way to a flag. An empty flag or variable is a
/// mistake (an unset shell variable), never "the file".
public enum DatabaseURL {
    /// The environment variable that names `app`'s PostgreSQL database, such as `STRATA_COFFEE_DATABASE_URL`.
    public static func variable(app: String) -> String {
        EnvironmentValue.name(app: app, setting: "DATABASE_URL")
    }

    /// The PostgreSQL URL for `app`, or `nil` for the store `others` chose or the file.
    ///
    /// - Parameters:
    ///   - option: `--database`'s value.
    ///   - others: the other store flags given (such as `--db`), by name.
    /// - Throws: `MessageError.usage` for two stores at once, or an empty flag or variable.
    public static func resolve(
        app: String, option: String?, others: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String? {
        let chosen = (option == nil ? [] : ["--database"]) + others
        guard chosen.count <= 1 else {
            throw MessageError.usage("give one of \(chosen.joined(separator: ", ")), not several")
        }
        if let option {
            guard !option.isEmpty else {
                throw MessageError.usage(
                    "--database is empty; give a postgres:// URL, or leave it out for the local file")
            }
            return option
        }
        let variable = variable(app: app)
        guard others.isEmpty, let value = environment[variable] else { return nil }
        guard !value.isEmpty else {
            throw MessageError.usage(
                "$\(variable) is set but empty; give it a postgres:// URL, or unset it for the local file")
        }
        return value
    }
}
