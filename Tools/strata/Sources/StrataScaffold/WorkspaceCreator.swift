import Foundation

/// `strata create NAME`: a new package of the monorepo's shape, from the built-in `Workspace` set.
///
/// Everything is written into a staging folder and renamed into place at the end, so a failure
/// leaves nothing behind. An existing empty folder is filled in place: it keeps its mode, owner
/// and inode, and a link to it stays a link.
public struct WorkspaceCreator {
    /// The package's name.
    public let name: FeatureName
    /// Where the package goes.
    public let destination: URL

    /// A creator for package `name` at `path` (default: `./NAME`).
    ///
    /// - Throws: `.usage` for a bad name, `.conflict` when the destination exists and is not an empty folder.
    public init(name: String, path: String?) throws {
        self.name = try FeatureName(name)
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        destination = URL(fileURLWithPath: path ?? name, relativeTo: here).standardizedFileURL
        if PackageRoot.exists(destination) {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
            guard PackageRoot.isDirectory(destination), entries.isEmpty else {
                throw StrataError.conflict(
                    "\(destination.path) exists and is not an empty folder; nothing was written; choose another --path")
            }
        }
    }

    /// Writes the package; returns the report.
    ///
    /// - Throws: `.storage` when a file cannot be written (nothing is left behind).
    public func create() throws -> String {
        guard let set = BuiltInTemplates.set(named: BuiltInTemplates.workspace) else {
            throw StrataError(.internal, "the built-in Workspace template is missing from this strata build")
        }
        let rendered = try set.render(name)
        let fillsFolder = PackageRoot.exists(destination)
        // Staged inside an existing folder (the same file system, and only its permissions
        // matter), else beside the new one.
        let staging =
            fillsFolder
            ? destination.appendingPathComponent(".strata-create-\(UUID().uuidString)")
            : destination.deletingLastPathComponent().appendingPathComponent(
                ".\(destination.lastPathComponent).strata-\(UUID().uuidString)")
        // The files are written by the one writer (`FileTransaction`: created exclusively, never
        // through a link, each write checked), then the staging folder is renamed into place.
        let files = FileTransaction(userFilesIn: staging)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            for file in rendered.files {
                let url = staging.appendingPathComponent(file.path)
                try files.createParentDirectories(of: url)
                try files.createFile(url, contents: file.contents, mode: file.isScript ? 0o755 : 0o644)
            }
            if fillsFolder {
                try moveEntries(of: staging, into: destination)
                try FileManager.default.removeItem(at: staging)
            } else {
                try FileManager.default.moveItem(at: staging, to: destination)
            }
        } catch {
            _ = files.rollback()
            try? FileManager.default.removeItem(at: staging)
            throw StrataError.storage(
                "cannot write the package at \(destination.path): \(Self.reason(error)); nothing was left behind")
        }
        let shown =
            destination.path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(destination.path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : destination.path
        var lines = [
            "created package \(name) at \(shown) (\(rendered.files.count) files, template \(set.description.name))"
        ]
        lines += ["", "next:", "  cd \(shown)"] + rendered.nextSteps.map { "  \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What went wrong, in a line: a `StrataError`'s own message, else the system's.
    private static func reason(_ error: any Error) -> String {
        (error as? StrataError)?.message ?? error.localizedDescription
    }

    /// Renames every entry of `staging` into `folder`; on a failure, takes the moved ones out again.
    private func moveEntries(of staging: URL, into folder: URL) throws {
        var moved: [URL] = []
        do {
            for entry in try FileManager.default.contentsOfDirectory(atPath: staging.path) {
                let target = folder.appendingPathComponent(entry)
                try FileManager.default.moveItem(at: staging.appendingPathComponent(entry), to: target)
                moved.append(target)
            }
        } catch {
            for url in moved { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }
}
