/// The text `strata upgrade` prints.
public enum UpgradeReport {
    /// What `upgrade --dry-run` prints: per feature, every file that would change or needs a person.
    public static func dryRun(_ plan: UpgradePlan) -> String {
        lines(plan, heading: "strata upgrade --dry-run (nothing written):", showKept: true)
    }

    /// What `upgrade` prints after it applied the plan.
    public static func upgraded(_ plan: UpgradePlan) -> String {
        var text = lines(plan, heading: nil, showKept: false)
        let marked = markedFiles(plan)
        if !marked.isEmpty {
            text +=
                "\(marked.count) file\(marked.count == 1 ? "" : "s") hold conflict markers (<<<<<<< yours … >>>>>>> template): resolve them, then run `strata upgrade --check`\n"
        }
        return text
    }

    /// What `upgrade --check` prints: which features are behind their template, which files hold conflict markers.
    public static func check(_ plan: UpgradePlan) -> String {
        let behind = plan.features.filter(\.isBehind)
        let marked = plan.features.flatMap { feature in
            feature.files.filter { $0.marked && $0.write == nil }.map(\.path)
        }
        let versions = Set(plan.features.map { "\($0.template) \($0.toVersion)" }).sorted().joined(separator: ", ")
        var lines = [
            "features are on template \(versions); \(behind.count) of \(plan.features.count) \(behind.count == 1 ? "is" : "are") behind"
        ]
        lines += behind.map { "  behind    \($0.feature) (on \($0.fromVersion ?? "a version strata did not record"))" }
        lines += marked.map { "  markers   \($0) still holds conflict markers" }
        if !behind.isEmpty { lines.append("run `strata upgrade` to bring them up to their template") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Files that hold conflict markers once the plan is applied.
    static func markedFiles(_ plan: UpgradePlan) -> [String] {
        plan.features.flatMap { $0.files.filter(\.marked).map(\.path) }
    }

    private static func lines(_ plan: UpgradePlan, heading: String?, showKept: Bool) -> String {
        var lines = heading.map { [$0] } ?? []
        for feature in plan.features {
            let from = feature.fromVersion.map { " from \($0)" } ?? ""
            let shown = feature.files.filter { $0.outcome != .current && (showKept || $0.outcome != .kept) }
            let quiet = feature.files.count - shown.count
            lines.append(
                "\(feature.feature): template \(feature.template) \(feature.toVersion)\(feature.isBehind ? from : " (up to date)")"
                    + (quiet > 0 ? ", \(quiet) file\(quiet == 1 ? "" : "s") unchanged" : ""))
            for file in shown {
                let outcome = file.outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                lines.append("  \(outcome) \(file.path)\(file.note.map { " (\($0))" } ?? "")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
