import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to an open file descriptor and says when they did not all arrive: the loop the
/// one output path (`StandardOutput`) and the one file writer (`FileWriter`) share.
enum FileDescriptorOutput {
    /// Writes every byte of `bytes` to `descriptor`, through short writes and interruptions.
    ///
    /// A descriptor left non-blocking by whoever opened it (a terminal shared with a program
    /// that set `O_NONBLOCK`) is waited on with `poll` rather than dropped.
    ///
    /// - Throws: the `errno` of the write that failed.
    static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(SystemError) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, array.count - offset)
            }
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            default: throw SystemError(code: code)
            }
        }
    }

    /// Flushes what was written to `descriptor` as far as the system can tell: `fsync` for a
    /// regular file (a full disk or a failing one says so here), then the close of a duplicate,
    /// which reports the errors network file systems defer to close.
    ///
    /// - Throws: the `errno` of the step that failed.
    static func flush(_ descriptor: Int32) throws(SystemError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SystemError(code: errno) }
        if status.st_mode & S_IFMT == S_IFREG, fsync(descriptor) != 0 {
            let code = errno
            // A file system that cannot sync (a pseudo file) has nothing to flush.
            if code != EINVAL && code != EROFS { throw SystemError(code: code) }
        }
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else { throw SystemError(code: errno) }
        if close(duplicate) != 0, errno != EINTR { throw SystemError(code: errno) }
    }
}

/// A system call's failure: its `errno`.
struct SystemError: Error, Equatable {
    /// The error number.
    let code: Int32
}
