import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs one of the package's executables to its end and reports the processor time it used, as
/// the kernel counted it (`wait4`'s resource usage): for a test that checks a process waiting on
/// something costs next to nothing while it waits.
///
/// The measure spans the whole run, from start to exit, so no test chooses a window to sleep
/// through; the child is this process's own, so no search of /proc is needed to find it.
public enum ProcessCPU {
    /// What one run did and cost.
    public struct Run: Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        public let status: Int32
        /// Everything written to standard error.
        public let stderr: String
        /// User and system time the process used, in seconds.
        public let processorSeconds: Double
        /// Seconds from its start to its exit.
        public let elapsedSeconds: Double
    }

    /// Why a run could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `product` with `arguments` and extra `environment`, its signals at their defaults
    /// (`ChildProcess.signalReset`) and its output in files of `folder`; killed after `timeout`
    /// seconds. Waits on a Dispatch thread, off the cooperative pool.
    public static func run(
        product: String, _ arguments: [String], environment extra: [String: String] = [:],
        folder: TemporaryDirectory, timeout: Double = 300
    ) async throws -> Run {
        let executable = BinaryRunner(product: product).executable.path
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !(key.hasPrefix("STRATA_") && key.hasSuffix("_DB"))
        }
        for (key, value) in extra { environment[key] = value }
        let errors = folder.path("\(product)-\(UUID().uuidString).stderr").path
        let clock = ContinuousClock()
        let start = clock.now
        let pid = try spawn(
            ChildProcess.signalReset + [executable] + arguments,
            environment: environment.map { "\($0)=\($1)" }, stderr: errors)
        let ended = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            ended.withLock { done in if !done { kill(pid, SIGKILL) } }
        }
        let (status, usage) = try await offPool { try reap(pid) }
        ended.withLock { $0 = true }
        let elapsed = (clock.now - start) / .seconds(1)
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        return Run(
            status: status, stderr: text, processorSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            elapsedSeconds: elapsed)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// Starts `command` with nothing on standard input, standard output discarded and standard
    /// error written to the file `stderr`; every signal unblocked.
    private static func spawn(_ command: [String], environment: [String], stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure(description: "could not start \(command[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` to end; its exit status and resource usage.
    private static func reap(_ pid: pid_t) throws -> (Int32, rusage) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw Failure(description: "wait4: \(String(cString: strerror(errno)))") }
        }
        // As the shell reports it: the exit code, or 128 plus the signal that ended the process.
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, usage)
    }
}
