#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directory listing and file reading through POSIX calls: thousands of small files are read
/// per run, and Foundation's URL and NSString path handling would cost a share of the run's time.
enum FileSystem {
    /// Every file below `directory`, as paths relative to it, skipping hidden entries.
    ///
    /// Links to folders are followed, each real folder once: a link to the folder itself or to a
    /// parent would otherwise be walked without end.
    static func files(below directory: String) -> [String] {
        var found: [String] = []
        var visited: Set<FolderIdentity> = []
        walk(directory, prefix: "", visited: &visited, into: &found)
        return found
    }

    /// A folder as the file system knows it, whatever path or link led to it.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func walk(
        _ directory: String, prefix: String, visited: inout Set<FolderIdentity>, into found: inout [String]
    ) {
        // Opened once, then asked who it is: no second walk of the path by the kernel.
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        var info = stat()
        guard fstat(descriptor, &info) == 0,
            visited.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted,
            let handle = fdopendir(descriptor)
        else {
            close(descriptor)
            return
        }
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
                walk(path, prefix: prefix + name + "/", visited: &visited, into: &found)
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

    /// The bytes of the file at `path`, in one allocation of its size; nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let got = read(descriptor, base + count, size - count)
                if got <= 0 { break }
                count += got
            }
            complete = count == size
        }
        return complete ? bytes : nil
    }

    /// Reads the files of one folder: opened relative to the folder (the kernel then walks one
    /// path component, not the whole absolute path, for each of thousands of files), into one
    /// buffer reused from file to file (no allocation and no fresh pages per file).
    final class FolderReader {
        let folder: Int32
        private let buffer: UnsafeMutableRawBufferPointer

        /// A reader of the files below `path`; reads find nothing when the folder cannot be opened.
        init(_ path: String) {
            folder = open(path, O_RDONLY | O_DIRECTORY)
            buffer = .allocate(byteCount: 32 * 1024, alignment: 16)
        }

        deinit {
            if folder >= 0 { close(folder) }
            buffer.deallocate()
        }

        /// Calls `body` with the bytes of the file at `path`, relative to the folder (empty when it cannot be read).
        ///
        /// One `read` into the buffer takes a whole source file: a short read of a regular file
        /// means its end, so the size (`fstat`) is asked only for a larger file.
        func withContents<Result>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let descriptor = folder >= 0 ? openat(folder, path, O_RDONLY) : -1
            guard descriptor >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            defer { close(descriptor) }
            let first = max(0, read(descriptor, buffer.baseAddress, buffer.count))
            guard first == buffer.count else {
                return body(
                    UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: first))
            }
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? max(first, Int(info.st_size)) : first
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { whole, count in
                guard let base = whole.baseAddress, let start = buffer.baseAddress else { return }
                UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: first)
                count = first
                while count < size {
                    let got = read(descriptor, base + count, size - count)
                    if got <= 0 { break }
                    count += got
                }
            }
            return bytes.withUnsafeBufferPointer { body($0) }
        }
    }
}
