import ArgumentParser
import Core
import Foundation
import TerminalUI

/// Standard output and the one way every command fails: a one-line error and the kind's exit code.
enum Console {
    /// Writes `text` to standard output unbuffered, so prompts show before input is read.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Runs `body`; a `MessageError` is printed as `memorize: error: …` and ends the process with its exit code.
    static func reporting<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as MessageError {
            throw fail(error)
        } catch {
            throw fail(MessageError.wrap(error))
        }
    }

    /// Prints `error` and returns the exit to throw.
    static func fail(_ error: MessageError) -> ExitCode {
        ErrorOutput.report(tool: "memorize", error)
        return ExitCode(error.exitCode)
    }
}
