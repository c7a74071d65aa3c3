#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says of a file without reading it: when its stamp is the one the source
/// cache recorded with a fingerprint, its bytes are the ones that fingerprint was taken of.
///
/// The change time is the guard: every write, and every `touch` that puts the modification time
/// back, sets it to the system clock, and no call lets a program set it. A file changed within
/// the clock's granularity of the moment its stamp was taken could keep its stamp, so a stamp
/// is recorded only once the file has been left alone for `SourceCache.settleNanoseconds`
/// (as Git treats "racily clean" entries).
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    /// Nanoseconds since 1970 of the last change of the bytes.
    var modified: Int64
    /// Nanoseconds since 1970 of the last change of the bytes or of the file's metadata.
    var changed: Int64

    /// The stamp `stat` gives.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(info.st_size)
        modified = Self.nanoseconds(info.st_mtim)
        changed = Self.nanoseconds(info.st_ctim)
    }

    init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// Whether the file was last changed before `moment` (nanoseconds since 1970).
    func isSettled(before moment: Int64) -> Bool { modified < moment && changed < moment }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}

extension FileSystem.FolderReader {
    /// The stamp of the regular file at `path`, relative to the folder; nil when there is none.
    func stamp(of path: String) -> FileStamp? {
        guard folder >= 0 else { return nil }
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }
}
