#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directory listing and file reading through POSIX calls: thousands of small files are read
/// per run, and Foundation's URL and NSString path handling would cost more than the lexing.
enum FileSystem {
    /// Every file below `directory`, as paths relative to it, skipping hidden entries.
    static func files(below directory: String) -> [String] {
        var found: [String] = []
        walk(directory, prefix: "", into: &found)
        return found
    }

    private static func walk(_ directory: String, prefix: String, into found: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                var info = stat()
                isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory {
                walk(path, prefix: prefix + name + "/", into: &found)
            } else {
                found.append(prefix + name)
            }
        }
    }

    /// What kind of thing is at `path`: nil when nothing, true for a directory.
    static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Calls `body` with the bytes of the file at `path` (empty when it cannot be read).
    ///
    /// One `read` into an uninitialised 32 KiB buffer takes a whole source file: a short read of
    /// a regular file means its end, so the size (`fstat`) is asked only for a larger file,
    /// saving a system call on each of thousands of files.
    static func withContents<Result>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { close(descriptor) }
        let chunk = 32 * 1024
        var bytes = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
            count = max(0, read(descriptor, buffer.baseAddress, chunk))
        }
        if bytes.count == chunk {
            var info = stat()
            let rest = fstat(descriptor, &info) == 0 ? max(0, Int(info.st_size) - chunk) : 0
            bytes += [UInt8](unsafeUninitializedCapacity: rest) { buffer, count in
                while count < rest {
                    let got = read(descriptor, buffer.baseAddress.map { $0 + count }, rest - count)
                    if got <= 0 { break }
                    count += got
                }
            }
        }
        return bytes.withUnsafeBufferPointer { body($0) }
    }
}
