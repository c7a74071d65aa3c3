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
/// the meantime) is never overwritten or followed. A file replaced through a symbolic link is
/// written at the link's target, with the target's mode, and the link stays a link; a target
/// outside the package, or anything but a regular file, is refused. So no file changes its kind
/// or its mode, and none becomes world-writable.
final class FileTransaction {
    private enum Step {
        case createdDirectory(URL)
        case createdFile(URL)
        case replacedFile(URL, Data, mode_t)
        case deletedFile(URL, Data, mode_t)
        case deletedLink(URL, String)
        case removedDirectory(URL)
    }

    private var log: [Step] = []
    /// The folder paths are shown relative to.
    private let base: URL
    /// The folder every written file must stay inside (a link's target included); nil for a file the user named.
    private let boundary: URL?
    /// Called before every step with its description; tests throw from it to inject a failure.
    private let beforeStep: (String) throws -> Void

    init(root: PackageRoot, beforeStep: @escaping (String) throws -> Void) {
        base = root.url
        boundary = root.url
        self.beforeStep = beforeStep
    }

    /// A transaction for files the user named on the command line, anywhere; shown relative to `folder`.
    init(userFilesIn folder: URL) {
        base = folder
        boundary = nil
        beforeStep = { _ in }
    }

    /// Creates the folders missing on the way to `file`, shallowest first; returns the ones it created.
    @discardableResult
    func createParentDirectories(of file: URL) throws -> [URL] {
        var missing: [URL] = []
        var folder = file.deletingLastPathComponent()
        while !PackageRoot.exists(folder), folder.path.count > base.path.count {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        for folder in missing {
            try beforeStep("create folder \(relativePath(folder))")
            guard mkdir(folder.path, 0o755) == 0 else { throw failure("cannot create the folder", folder) }
            log.append(.createdDirectory(folder))
        }
        return missing
    }

    /// Writes a new file; fails if anything is already there.
    func createFile(_ url: URL, contents: Data, mode: mode_t = 0o644) throws {
        try beforeStep("write \(relativePath(url))")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw errno == EEXIST
                ? StrataError.conflict(
                    "\(relativePath(url)) appeared while strata was writing; nothing was changed")
                : failure("cannot write", url)
        }
        log.append(.createdFile(url))
        try write(contents, to: descriptor, url)
    }

    /// Replaces a file's contents through a temporary file and a rename, keeping its mode.
    func replaceFile(_ url: URL, with contents: Data) throws {
        try beforeStep("write \(relativePath(url))")
        let target = try regularFile(url)
        let (original, mode) = try read(target)
        try atomicWrite(contents, to: target, mode: mode)
        log.append(.replacedFile(target, original, mode))
    }

    /// Replaces the file at `url` when there is one (through a link, as `replaceFile`), else creates it.
    func writeFile(_ url: URL, contents: Data) throws {
        if PackageRoot.exists(url) {
            try replaceFile(url, with: contents)
        } else {
            try createParentDirectories(of: url)
            try createFile(url, contents: contents)
        }
    }

    /// Deletes a file (a link itself, not its target), keeping what it was to put back on rollback.
    func deleteFile(_ url: URL) throws {
        try beforeStep("delete \(relativePath(url))")
        if let destination = Self.linkDestination(url) {
            guard unlink(url.path) == 0 else { throw failure("cannot delete", url) }
            log.append(.deletedLink(url, destination))
            return
        }
        let (original, mode) = try read(url)
        guard unlink(url.path) == 0 else { throw failure("cannot delete", url) }
        log.append(.deletedFile(url, original, mode))
    }

    /// Removes a folder if it is empty; returns whether it did.
    @discardableResult
    func removeDirectoryIfEmpty(_ url: URL) throws -> Bool {
        guard ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? ["?"]).isEmpty else { return false }
        try beforeStep("remove folder \(relativePath(url))")
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
                if unlink(url.path) != 0 { problems.append("could not delete \(relativePath(url))") }
            case .createdDirectory(let url):
                if rmdir(url.path) != 0 { problems.append("could not remove \(relativePath(url))") }
            case .replacedFile(let url, let data, let mode), .deletedFile(let url, let data, let mode):
                do { try atomicWrite(data, to: url, mode: mode) } catch {
                    problems.append("could not restore \(relativePath(url))")
                }
            case .deletedLink(let url, let destination):
                if symlink(destination, url.path) != 0 {
                    problems.append("could not recreate the link \(relativePath(url))")
                }
            case .removedDirectory(let url):
                if mkdir(url.path, 0o755) != 0 { problems.append("could not recreate \(relativePath(url))") }
            }
        }
        log.removeAll()
        return problems
    }

    /// The regular file `url` names: itself, or the target its symbolic links lead to.
    ///
    /// - Throws: `StrataError.conflict` for a link that leads nowhere or outside the boundary, and
    ///   for a folder, a FIFO or a device: replacing those would change what the path is.
    private func regularFile(_ url: URL) throws -> URL {
        var target = url
        if Self.linkDestination(url) != nil {
            guard let real = PackageRoot.realPath(url.path) else {
                throw StrataError.conflict(
                    "\(relativePath(url)) is a symbolic link to nothing; point it at a file or remove it, then run strata again"
                )
            }
            if let boundary, real != boundary.path, !real.hasPrefix(boundary.path + "/") {
                throw StrataError.conflict(
                    "\(relativePath(url)) is a symbolic link to \(real), outside the package; strata never writes outside \(boundary.path): change that file by hand"
                )
            }
            target = URL(fileURLWithPath: real)
        }
        var status = stat()
        if stat(target.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw StrataError.conflict(
                "\(relativePath(url)) is not a regular file (a folder, FIFO or device); strata replaces only files: move it away"
            )
        }
        return target
    }

    /// Where the symbolic link at `url` points, as written; nil when `url` is not a link.
    private static func linkDestination(_ url: URL) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(url.path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A regular file's bytes and permission bits.
    private func read(_ url: URL) throws -> (Data, mode_t) {
        var status = stat()
        guard stat(url.path, &status) == 0, let data = FileManager.default.contents(atPath: url.path) else {
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

    /// `absolute` relative to the transaction's folder, for messages.
    private func relativePath(_ absolute: URL) -> String {
        let prefix = base.path + "/"
        return absolute.path.hasPrefix(prefix) ? String(absolute.path.dropFirst(prefix.count)) : absolute.path
    }

    private func failure(_ doing: String, _ url: URL) -> StrataError {
        StrataError.storage(
            "\(doing) \(relativePath(url)): \(String(cString: strerror(errno))); check the folder's permissions and free space"
        )
    }
}
