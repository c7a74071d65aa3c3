import Foundation

/// How every test starts a child process: with every signal at its default action.
///
/// A child inherits the signals its parent ignores, and Foundation's `Process` does not reset
/// them. A test run started in the background (`make test &` in a script, `nohup`, cron) ignores
/// SIGINT and SIGQUIT (and SIGHUP under `nohup`), so its children would too: a test that sends
/// one to a server or a terminal app would wait for an exit that never comes. Each child is
/// started through coreutils' `env --default-signal`, which puts every signal back to its
/// default action and unblocks it before it executes the command, under the same process id.
public enum ChildProcess {
    /// The launcher that resets the signals; it runs the command with the same process id.
    public static let signalReset = ["/usr/bin/env", "--default-signal", "--"]

    /// Sets `process` to run `executable` with `arguments` once its signals are reset.
    public static func configure(_ process: Process, executable: URL, arguments: [String]) {
        process.executableURL = URL(fileURLWithPath: signalReset[0])
        process.arguments = Array(signalReset.dropFirst()) + [executable.path] + arguments
    }
}
