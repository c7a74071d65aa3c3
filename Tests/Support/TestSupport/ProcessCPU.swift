import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processor time a running process has used so far, from /proc/PID/stat: for a test that
/// checks a process waiting on something costs next to nothing while it waits.
public enum ProcessCPU {
    /// User and system time of process `pid`, in seconds; nil when it is gone or unreadable.
    public static func seconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state is field 3; utime and stime are 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
