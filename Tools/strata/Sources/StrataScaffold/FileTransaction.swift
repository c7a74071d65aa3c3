import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File changes that are undone together: every step is logged, and `rollback()` reverts
/// them newest first, so a failure anywhere leaves the tree byte for byte as it was.
///
/// Files are created with `O_EXCL | O_NOFOLLOW`, so an existing file (or a link planted in
/// the meantime) is never overwritten or followed.
final class FileTransaction {
    private enum Step {
        case createdDirectory(URL)
        case createdFile(URL)
        case replacedFile(URL, Data, mode_t)
        case deletedFile(URL, Data, mode_t)
        case removedDirectory(URL)
    }

    private var log: [Step] = []
    private let root: PackageRoot
    /// Called before every step with its description; tests throw from it to inject a failure.
    private let beforeStep: (String) throws -> Void

    init(root: PackageRoot, beforeStep: @escaping (String) throws -> Void) {
        self.root = root
        self.beforeStep = beforeStep
    }

    /// Creates the folders missing on the way to `file`, shallowest first; returns the ones it created.
    @discardableResult
    func createParentDirectories(of file: URL) throws -> [URL] {
        var missing: [URL] = []
        var folder = file.deletingLastPathComponent()
        while !PackageRoot.exists(folder), folder.path.count > root.url.path.count {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        for folder in missing {
            try beforeStep("create folder \(root.relativePath(folder))")
            guard mkdir(folder.path, 0o755) == 0 else { throw failure("cannot create the folder", folder) }
            log.append(.createdDirectory(folder))
        }
        return missing
    }

    /// Writes a new file; fails if anything is already there.
    func createFile(_ url: URL, contents: Data, mode: mode_t = 0o644) throws {
        try beforeStep("write \(root.relativePath(url))")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw errno == EEXIST
                ? StrataError.conflict(
                    "\(root.relativePath(url)) appeared while strata was writing; nothing was changed")
                : failure("cannot write", url)
        }
        log.append(.createdFile(url))
        try write(contents, to: descriptor, url)
    }

    /// Replaces a file's contents through a temporary file and a rename, keeping its mode.
    func replaceFile(_ url: URL, with contents: Data) throws {
        try beforeStep("write \(root.relativePath(url))")
        let (original, mode) = try read(url)
        try atomicWrite(contents, to: url, mode: mode)
        log.append(.replacedFile(url, original, mode))
    }

    /// Deletes a file, keeping its bytes to put back on rollback.
    func deleteFile(_ url: URL) throws {
        try beforeStep("delete \(root.relativePath(url))")
        let (original, mode) = try read(url)
        guard unlink(url.path) == 0 else { throw failure("cannot delete", url) }
        log.append(.deletedFile(url, original, mode))
    }

    /// Removes a folder if it is empty; returns whether it did.
    @discardableResult
    func removeDirectoryIfEmpty(_ url: URL) throws -> Bool {
        guard ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? ["?"]).isEmpty else { return false }
        try beforeStep("remove folder \(root.relativePath(url))")
        guard rmdir(url.path) == 0 else { throw failure("cannot remove the folder", url) }
        log.append(.removedDirectory(url))
        return true
    }

    /// Runs a check that is part of the transaction (such as SwiftPM reading the manifest).
    func check(_ description: String, _ body: () throws -> Void) throws {
        try beforeStep(description)
        try body()
    }

    /// Undoes every step, newest first; returns what could not be undone (empty when all was).
    @discardableResult
    func rollback() -> [String] {
        var problems: [String] = []
        for step in log.reversed() {
            switch step {
            case .createdFile(let url):
                if unlink(url.path) != 0 { problems.append("could not delete \(root.relativePath(url))") }
            case .createdDirectory(let url):
                if rmdir(url.path) != 0 { problems.append("could not remove \(root.relativePath(url))") }
            case .replacedFile(let url, let data, let mode), .deletedFile(let url, let data, let mode):
                do { try atomicWrite(data, to: url, mode: mode) } catch {
                    problems.append("could not restore \(root.relativePath(url))")
                }
            case .removedDirectory(let url):
                if mkdir(url.path, 0o755) != 0 { problems.append("could not recreate \(root.relativePath(url))") }
            }
        }
        log.removeAll()
        return problems
    }

    private func read(_ url: URL) throws -> (Data, mode_t) {
        var status = stat()
        guard lstat(url.path, &status) == 0, let data = FileManager.default.contents(atPath: url.path) else {
            throw failure("cannot read", url)
        }
        return (data, status.st_mode & 0o7777)
    }

    private func atomicWrite(_ contents: Data, to url: URL, mode: mode_t) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).strata-\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("cannot write", temporary) }
        do {
            // open() applies the umask; fchmod gives the file exactly the mode it had.
            fchmod(descriptor, mode)
            try write(contents, to: descriptor, temporary)
            guard rename(temporary.path, url.path) == 0 else { throw failure("cannot replace", url) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Writes all of `contents` and closes the descriptor.
    private func write(_ contents: Data, to descriptor: Int32, _ url: URL) throws {
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let count = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #else
                let count = Darwin.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #endif
                if count <= 0 { return -1 }
                offset += count
            }
            return offset
        }
        guard written == contents.count else { throw failure("cannot write", url) }
    }

    private func failure(_ doing: String, _ url: URL) -> StrataError {
        StrataError.storage(
            "\(doing) \(root.relativePath(url)): \(String(cString: strerror(errno))); check the folder's permissions and free space"
        )
    }
}
