import Foundation

/// The SwiftPM scratch folder the end-to-end tests share with this repository's own build.
///
/// Packages of this repository's shape depend on the same packages at the same versions. Built
/// in the folder `make build` already filled, their dependencies (SwiftNIO, Hummingbird, GRDB,
/// ArgumentParser, Plot…) are found compiled: SwiftPM keeps what was built for another root
/// package when its compile commands are the same, and `SmokeShell` makes them the same (see
/// `SmokeShell.deterministicHashing`). Only each package's own modules compile. They have this
/// repository's module names, so they take the place of its own in the folder, and its next
/// build compiles them again. SwiftPM locks a scratch folder while it builds, so the tests that
/// share it take turns; none needs another to have run first.
public enum SharedScratch {
    /// Packages of this repository's shape: the smoke test's copy of it and what `strata create`
    /// makes. Both use ArgumentParser, GRDB, Hummingbird on SwiftNIO, swift-log, service-lifecycle
    /// and Plot, at the versions the repository's Package.resolved pins.
    public static let workspace = Monorepo.root.appendingPathComponent(".build")

    /// Writes, in `directory`, a `swift` for a Makefile's `SWIFT=`: the toolchain's own, with
    /// `--scratch-path folder` added to `swift build` and `swift test`; returns its path.
    public static func swiftCommand(building folder: URL, in directory: URL) throws -> URL {
        let command = directory.appendingPathComponent("swift-in-shared-scratch")
        let quoted = "'" + folder.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let script = """
            #!/bin/sh
            # swift build and swift test in a shared scratch folder; every other swift command as it is.
            # Hashing made deterministic so the build plan matches the one the folder was built with.
            export \(SmokeShell.deterministicHashing)=1
            case "$1" in
            build | test)
                command="$1"
                shift
                exec swift "$command" --scratch-path \(quoted) "$@"
                ;;
            *) exec swift "$@" ;;
            esac

            """
        try Data(script.utf8).write(to: command)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: command.path)
        return command
    }
}
