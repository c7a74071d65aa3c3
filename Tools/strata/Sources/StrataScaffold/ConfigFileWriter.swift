import Foundation

/// Writes the files `strata init` proposes (strata.yml and its baseline): planned first, then all or nothing.
public struct ConfigFileWriter {
    /// A file to write, relative to the package root.
    public struct File: Sendable {
        /// The path relative to the package root.
        public var path: String
        /// The bytes to write.
        public var contents: Data

        public init(path: String, contents: Data) {
            self.path = path
            self.contents = contents
        }
    }

    /// The package the files go into.
    public let root: PackageRoot

    /// A writer for the package at `path` (the enclosing package of the current folder when `nil`).
    public init(path: String?) throws {
        root = try PackageRoot(path: path)
    }

    /// The paths of `paths` that exist already, relative to the package root.
    public func existing(_ paths: [String]) throws -> [String] {
        try paths.filter { PackageRoot.exists(try root.inside($0)) }
    }

    /// Throws a conflict (exit 67) naming the first of `paths` that exists, unless `force`.
    public func refuseExisting(_ paths: [String], force: Bool) throws {
        if !force, let first = try existing(paths).first {
            throw StrataError.conflict(
                "\(first) exists already; pass --force to replace it, or --dry-run to see the new one")
        }
    }

    /// Writes `contents` to `path`, a file the user named (anywhere): a new file is created, an existing
    /// one replaced atomically, through a symbolic link at its target and with its mode kept.
    ///
    /// - Throws: `StrataError.conflict` when `path` is a folder, FIFO or device or a link to nothing;
    ///   `.storage` when writing fails (nothing is left half written).
    public static func writeUserFile(_ contents: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let transaction = FileTransaction(
            userFilesIn: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL)
        do {
            try transaction.writeFile(url, contents: contents)
        } catch {
            transaction.rollback()
            throw error
        }
    }

    /// Writes every file; one that exists is replaced only with `force` (else a conflict, exit 67,
    /// and nothing is written). A failure part way undoes what was written. Returns one line per file.
    @discardableResult
    public func write(_ files: [File], force: Bool) throws -> [String] {
        try refuseExisting(files.map(\.path), force: force)
        let present = try existing(files.map(\.path))
        let transaction = FileTransaction(root: root, beforeStep: { _ in })
        var lines: [String] = []
        do {
            for file in files {
                let url = try root.inside(file.path)
                if present.contains(file.path) {
                    try transaction.replaceFile(url, with: file.contents)
                    lines.append("replaced \(file.path)")
                } else {
                    try transaction.createParentDirectories(of: url)
                    try transaction.createFile(url, contents: file.contents)
                    lines.append("created \(file.path)")
                }
            }
        } catch {
            let problems = transaction.rollback()
            guard problems.isEmpty else {
                throw StrataError(
                    .storage,
                    "\(StrataError.wrap(error, as: .storage).message); could not undo: \(problems.joined(separator: "; "))"
                )
            }
            throw error
        }
        return lines
    }
}
