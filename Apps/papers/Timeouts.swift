import AppSupport
import Foundation

/// How long an HTTP attempt may stay silent and take in all, when the environment says otherwise
/// than arXiv's defaults (60 s and 180 s): for a slow link, or a test that cannot wait minutes.
enum Timeouts {
    /// The variable holding the seconds an attempt may stay silent.
    static let idleVariable = "STRATA_PAPERS_IDLE_TIMEOUT"
    /// The variable holding the seconds an attempt may take in all, its body included.
    static let totalVariable = "STRATA_PAPERS_TOTAL_TIMEOUT"

    /// Both timeouts, when either variable is set; a usage error for anything but positive seconds.
    static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (
        idle: Double, total: Double
    )? {
        let idle = try seconds(idleVariable, environment)
        let total = try seconds(totalVariable, environment)
        guard idle != nil || total != nil else { return nil }
        return (idle ?? 60, total ?? 180)
    }

    private static func seconds(_ variable: String, _ environment: [String: String]) throws -> Double? {
        guard let text = EnvironmentValue.read(variable, environment: environment) else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw MessageError.usage("$\(variable) is \(Quote.quoted(text)); give seconds, such as 60, or unset it")
        }
        return value
    }
}
