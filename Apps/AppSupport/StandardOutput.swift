import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one output path: everything an app prints for its user goes through here, unbuffered, and
/// a write that did not arrive is an error (exit 74), never a silent success.
///
/// `print` buffers in the C library and drops write errors: `papers digest > /dev/full` would
/// exit 0 and move the digest's mark past papers no one saw. Here each write is checked, and
/// `finish()` flushes and reports what a file system defers (a full disk, a closed descriptor),
/// so a command that changes state because its output arrived (the digest's mark) changes it
/// only after `finish()` returned.
public enum StandardOutput {
    /// Writes `text` to standard output at once (prompts show before input is read).
    ///
    /// - Throws: `OutputError` (`.standardOutput`) when the bytes could not all be written:
    ///   `ENOSPC` (a full disk), `EPIPE` (the reader left), `EBADF` (standard output is closed).
    public static func write(_ text: String) throws(OutputError) {
        guard !isTakenByRuntime() else { throw OutputError(.write, target: .standardOutput, code: EBADF) }
        do {
            try FileDescriptorOutput.writeAll(text.utf8, to: STDOUT_FILENO)
        } catch {
            throw OutputError(.write, target: .standardOutput, code: error.code)
        }
    }

    /// Writes `text` and a line break.
    public static func writeLine(_ text: String) throws(OutputError) {
        try write(text + "\n")
    }

    /// Flushes what was written: reports a write the system deferred (a file on a full or a
    /// network disk) before the command says it succeeded.
    ///
    /// - Throws: `OutputError` (`.standardOutput`, `.flush`).
    public static func finish() throws(OutputError) {
        // Anything the C library still buffers (a library's own print) goes first. Only stdout:
        // `fflush(nil)` takes every stream's lock, stdin's too, which a thread blocked reading
        // the terminal holds, so an interactive game that quit would wait for its next key.
        CStandardOutput.flush()
        guard !isTakenByRuntime() else { return }
        do {
            try FileDescriptorOutput.flush(STDOUT_FILENO)
        } catch {
            // Nothing printed to a closed standard output is not an error: only a write to it is.
            if error.code == EBADF { return }
            throw OutputError(.flush, target: .standardOutput, code: error.code)
        }
    }

    /// Whether descriptor 1 is not the standard output the process was given but one the runtime
    /// opened after it found 1 free (Dispatch's eventfd or epoll): standard output was closed
    /// at start, and a write there would reach the runtime's descriptor, not a reader.
    static func isTakenByRuntime() -> Bool {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/fd/\(STDOUT_FILENO)", &buffer, buffer.count - 1)
        guard length > 0 else { return false }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .hasPrefix("anon_inode:")
    }

    /// Keeps a closed standard output closed for writing: when descriptor 1 is not open, it is
    /// taken by `/dev/null` opened read-only, so the next file the app opens (a database, an
    /// export) cannot become "standard output", and every write to it still fails with `EBADF`.
    public static func holdIfClosed() {
        guard fcntl(STDOUT_FILENO, F_GETFD) == -1, errno == EBADF else { return }
        let placeholder = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if placeholder >= 0, placeholder != STDOUT_FILENO {
            _ = dup2(placeholder, STDOUT_FILENO)
            close(placeholder)
        }
    }
}
