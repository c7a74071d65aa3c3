import Foundation

/// Runs `swift package dump-package`, the one way strata asks SwiftPM what a manifest declares.
///
/// The checker reads the graph from it and the generator verifies its edits with it, with the
/// same flags: `--ignore-lock`, because dump-package only evaluates Package.swift and writes
/// nothing under `.build` (no `.build` appears in a fresh package), so the lock guards nothing it
/// touches, while waiting for it would deadlock strata run inside SwiftPM (the build-tool plugin,
/// `swift test`) and stall `strata new` behind an editor's build. Nothing is resolved or built.
public enum DumpPackage {
    /// Why SwiftPM gave no description.
    public enum Failure: Error, Equatable, Sendable {
        /// There is no Package.swift in the folder.
        case noManifest
        /// The `swift` command could not be started; the reason.
        case cannotRun(String)
        /// SwiftPM rejected the manifest; the compiler's first error at a line of it, else SwiftPM's first error.
        case rejected(String)
    }

    /// The `swift` command: `$STRATA_SWIFT` when set, else `swift` on the PATH.
    public static func swift(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["STRATA_SWIFT"] ?? "swift"
    }

    /// The JSON SwiftPM gives for the package in `directory`.
    public static func json(at directory: URL, swift: String = swift()) throws(Failure) -> Data {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) else {
            throw .noManifest
        }
        let result: ToolProcess.Result
        do {
            result = try ToolProcess.run(
                [swift, "package", "--package-path", directory.path, "--ignore-lock", "dump-package"], in: directory)
        } catch {
            throw .cannotRun("\(error)")
        }
        guard result.status == 0 else { throw .rejected(firstError(result.errors, status: result.status)) }
        return result.output
    }

    /// The compiler's first error at a line of the manifest (`Package.swift:48:46: error: …`), else the
    /// first line of SwiftPM's output that says `error:`, else its first line.
    ///
    /// SwiftPM's own first error ("Invalid manifest (compiled with: [swiftc, …])") names the compiler's
    /// flags, not the mistake, when the manifest does not compile.
    static func firstError(_ text: String, status: Int32) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let located = lines.first { $0.range(of: #"\.swift:\d+:\d+: error:"#, options: .regularExpression) != nil }
        let line = located ?? lines.first { $0.contains("error:") } ?? lines.first ?? "exit \(status)"
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// The folder SwiftPM reads a target from when its declaration gives no `path:`.
    ///
    /// Regular targets live in the first of Sources, Source, src and srcs that holds a folder of
    /// the target's name (Sources when none does); tests in Tests, plugins in Plugins.
    public static func defaultFolder(of name: String, type: String, in packageDirectory: URL) -> String {
        switch type {
        case "test": return "Tests/\(name)"
        case "plugin": return "Plugins/\(name)"
        default:
            let candidates = ["Sources", "Source", "src", "srcs"].map { "\($0)/\(name)" }
            return candidates.first { FileSystem.isDirectory(packageDirectory.path + "/" + $0) != nil } ?? candidates[0]
        }
    }
}
