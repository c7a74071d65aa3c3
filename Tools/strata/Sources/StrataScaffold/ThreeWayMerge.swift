import Foundation
import StrataLint

/// Merges three versions of a file line by line with `git merge-file`, the merge git itself uses.
enum ThreeWayMerge {
    /// The merged text and how many conflicts it marks.
    struct Result: Equatable {
        /// The merged bytes, with `<<<<<<< yours` / `=======` / `>>>>>>> template <version>` around each conflict.
        let contents: Data
        /// How many conflicts the result marks; 0 for a clean merge.
        let conflicts: Int
    }

    /// The label of the user's side of a conflict.
    static let yours = "yours"

    /// Whether `contents` holds a conflict `strata upgrade` marked and nobody resolved yet.
    static func hasMarkers(_ contents: Data) -> Bool {
        String(decoding: contents, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .contains { $0.hasPrefix("<<<<<<< \(yours)") }
    }

    /// Merges the changes from `base` to `ours` and from `base` to `theirs`; `version` labels the template's side.
    ///
    /// - Throws: `StrataError.notFound` when git cannot be run, `.storage` when the scratch files cannot be written.
    static func merge(ours: Data, base: Data, theirs: Data, version: String) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-merge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ours.write(to: folder.appendingPathComponent("ours"))
            try base.write(to: folder.appendingPathComponent("base"))
            try theirs.write(to: folder.appendingPathComponent("theirs"))
        } catch {
            throw StrataError.storage("cannot write scratch files for the merge in \(folder.path): \(error)")
        }
        let arguments = [
            "git", "merge-file", "-p", "-L", yours, "-L", "base", "-L", "template \(version)", "ours", "base", "theirs",
        ]
        let result: ToolProcess.Result
        do {
            result = try ToolProcess.run(arguments, in: folder)
        } catch {
            throw StrataError.notFound(
                "cannot run git (\(error)); strata upgrade merges with `git merge-file`: install git")
        }
        // git merge-file exits with the number of conflicts, or a negative number (255 here) when it fails.
        guard result.status >= 0, result.status < 127 else {
            throw StrataError.notFound(
                "git merge-file failed (\(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))); strata upgrade merges with it: install git"
            )
        }
        return Result(contents: result.output, conflicts: Int(result.status))
    }
}
