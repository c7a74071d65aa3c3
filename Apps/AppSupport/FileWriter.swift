import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file writer: every command that writes a file the user named (`--output`) writes it here.
///
/// What is at the path decides how, as `cp` and editors do it:
/// - nothing, or a regular file: written whole to a temporary file in the same folder, synced,
///   then renamed over it, so a reader or a crash sees the old file or the new one, never half;
///   an existing file keeps its permissions (and its owner, when the process may keep it);
/// - a regular file with other hard links: written in place, so every name sees the new text;
/// - a FIFO, a terminal or another device: opened and written as a stream, never replaced;
/// - a symbolic link: written through to its target (created when missing), the link kept;
/// - a folder or a socket: refused.
public enum FileWriter {
    /// How many links in a chain are followed before the path counts as a loop (Linux's limit).
    static let maximumLinks = 40

    /// Writes `text` (UTF-8) to `path`.
    ///
    /// - Throws: `OutputError` (`.file(path)`) when it could not be written; the file as it was
    ///   is left in place.
    public static func write(_ text: String, to path: String) throws(OutputError) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let target = OutputError.Target.file(path)
        let resolved = try resolve(path, target: target)
        var status = stat()
        guard stat(resolved, &status) == 0 else {
            let code = errno
            guard code == ENOENT else { throw OutputError(.open, target: target, code: code) }
            return try replace(resolved, with: bytes, keeping: nil, target: target)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG where status.st_nlink > 1: try stream(bytes, to: resolved, truncating: true, target: target)
        case S_IFREG: try replace(resolved, with: bytes, keeping: status, target: target)
        case S_IFIFO, S_IFCHR, S_IFBLK: try stream(bytes, to: resolved, truncating: false, target: target)
        case S_IFDIR: throw OutputError(.open, target: target, code: EISDIR)
        default: throw OutputError(.open, target: target, code: 0, reason: "it is a socket, not a file")
        }
    }

    /// The path the bytes go to: `path` itself, or the end of its chain of symbolic links (the
    /// target of a dangling link included, which is then created).
    static func resolve(_ path: String, target: OutputError.Target) throws(OutputError) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                if code == ENOENT { return current }
                throw OutputError(.open, target: target, code: code)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw OutputError(.open, target: target, code: errno) }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : (current as NSString).deletingLastPathComponent.appendingPathComponentOrSelf(destination)
        }
        throw OutputError(.open, target: target, code: ELOOP)
    }

    /// Writes a new file beside `path` and renames it over `path`.
    private static func replace(
        _ path: String, with bytes: [UInt8], keeping existing: stat?, target: OutputError.Target
    ) throws(OutputError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw OutputError(.open, target: target, code: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }
        // mkstemp makes the file 0600; a new file gets what the umask leaves of 0666, as `>` does.
        let mode = existing.map { $0.st_mode & 0o7777 } ?? (0o666 & ~currentUmask())
        if let existing, getuid() == 0 || existing.st_uid == getuid() {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        do throws(SystemError) {
            guard fchmod(descriptor, mode) == 0 else { throw SystemError(code: errno) }
            try FileDescriptorOutput.writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw SystemError(code: errno) }
        } catch {
            close(descriptor)
            throw OutputError(.write, target: target, code: error.code)
        }
        guard close(descriptor) == 0 else { throw OutputError(.flush, target: target, code: errno) }
        guard rename(temporary, path) == 0 else { throw OutputError(.replace, target: target, code: errno) }
        finished = true
        // The rename is durable once the folder is: a crash after this keeps the new file.
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    /// Opens `path` for writing without replacing it (a FIFO waits for its reader) and writes.
    private static func stream(
        _ bytes: [UInt8], to path: String, truncating: Bool, target: OutputError.Target
    ) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (truncating ? O_TRUNC : 0))
        guard descriptor >= 0 else { throw OutputError(.open, target: target, code: errno) }
        do {
            try FileDescriptorOutput.writeAll(bytes, to: descriptor)
            try FileDescriptorOutput.flush(descriptor)
        } catch {
            close(descriptor)
            throw OutputError(.write, target: target, code: error.code)
        }
        guard close(descriptor) == 0 else { throw OutputError(.flush, target: target, code: errno) }
    }

    /// The process's umask, from `/proc/self/status`: setting it to read it back would change
    /// it for every thread in between. 022, the usual one, where the file does not say.
    private static func currentUmask() -> mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) }
            ?? 0o022
    }
}

extension String {
    /// `component` appended to this folder path; `component` alone when the folder is empty.
    fileprivate func appendingPathComponentOrSelf(_ component: String) -> String {
        isEmpty ? component : (self as NSString).appendingPathComponent(component)
    }
}
