#if canImport(Glibc)
// The C library's `stdout` is a mutable global; this file alone reads it, to flush it.
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The C library's standard output stream, which `print` and C code buffer into.
enum CStandardOutput {
    /// Writes out what the C library buffers for standard output.
    static func flush() {
        fflush(stdout)
    }
}
