import Foundation

/// A setting read from the environment under its `STRATA_` name, or under an old name with a warning.
public enum EnvironmentValue {
    /// The non-empty value of `name`, else of `deprecatedName` (writing one deprecation line to stderr).
    public static func read(
        _ name: String, deprecatedName: String? = nil, app: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> String? {
        if let value = environment[name], !value.isEmpty { return value }
        guard let deprecatedName, let value = environment[deprecatedName], !value.isEmpty else { return nil }
        warn("\(app): warning: $\(deprecatedName) is deprecated; set $\(name) instead")
        return value
    }
}
