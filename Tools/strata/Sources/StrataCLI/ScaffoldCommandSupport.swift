import ArgumentParser
import Foundation
import StrataScaffold

/// The `--path` option the scaffolding commands share.
struct ScaffoldPackageOptions: ParsableArguments {
    @Option(name: .long, help: "The package folder (default: the current folder).")
    var path: String?
}

/// Runs a scaffolding command: prints its report, or its error as one line with the kind's exit code.
func runScaffold(_ body: () throws -> String) throws {
    do {
        print(try body(), terminator: "")
    } catch let error as StrataError {
        Console.error("strata: error: \(error.message)")
        throw ExitCode(error.exitCode)
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error("strata: error: unexpected error: \(error)")
        throw ExitCode(StrataError.Kind.internal.exitCode)
    }
}
