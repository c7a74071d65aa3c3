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
}
