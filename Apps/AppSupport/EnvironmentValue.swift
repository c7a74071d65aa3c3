import Foundation

/// A setting read from the environment, where an empty value counts as unset.
public enum EnvironmentValue {
    /// The value of `name`, or `nil` when it is unset or empty.
    public static func read(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The variable that sets `setting` for `app`: `STRATA_`, the app's name in capitals with `_`
    /// for `-`, then the setting, so `name(app: "color-events", setting: "DB")` is `STRATA_COLOR_EVENTS_DB`.
    public static func name(app: String, setting: String) -> String {
        "STRATA_" + app.uppercased().replacingOccurrences(of: "-", with: "_") + "_" + setting
    }
}
