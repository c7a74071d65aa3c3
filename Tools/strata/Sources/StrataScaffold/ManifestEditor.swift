import StrataLint

/// Adds targets to a manifest that has no `Feature(…)` list, as `swift package add-target` does.
///
/// The manifest is read by the checker's own reader first: only a declarative manifest whose
/// targets are one array literal is edited, so there is never a half edit of code that runs.
enum ManifestEditor {
    /// `manifest` with `modules` appended to its `targets:` array.
    ///
    /// - Throws: `StrataError.validation` naming the line that stops a safe edit, and the entries to add by hand.
    static func adding(_ modules: [RenderedModule], to manifest: String) throws -> String {
        do {
            return try ManifestTargetsArray.locate(in: manifest).inserting(modules.map(\.manifestEntry), into: manifest)
        } catch {
            throw StrataError.validation(
                "\(error): strata edits only a manifest whose targets are one array literal; nothing was written; add the targets \(modules.map(\.name).joined(separator: ", ")) by hand, or make `targets:` one array literal"
            )
        }
    }
}
