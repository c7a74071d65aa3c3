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
    /// One `read` into a 64 KiB buffer takes a whole source file: a short read of a regular file
    /// means its end, so the size (`fstat`) is asked only for a larger file, saving a system call
    /// on each of thousands of files.
    static func withContents<Result>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { close(descriptor) }
        let chunk = 64 * 1024
        var bytes = [UInt8](repeating: 0, count: chunk)
        var filled = bytes.withUnsafeMutableBytes { max(0, read(descriptor, $0.baseAddress, chunk)) }
        if filled == chunk {
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
            if size > filled { bytes += [UInt8](repeating: 0, count: size - filled) }
            let total = bytes.count
            while filled < total {
                let count = bytes.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress.map { $0 + filled }, total - filled)
                }
                if count <= 0 { break }
                filled += count
            }
        }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
    }
}
