import Foundation

/// The all-MiniLM-L6-v2 folder the tests embed with: `STRATA_EMBEDDING_MODEL` if set, else the
/// folder Tools/Scripts/embedding/model.sh installs (what `make setup` does) and prints.
public enum EmbeddingModel {
    /// The model folder; throws, saying why, when there is none (the tests fail with it, never skip).
    public static func folder() throws(ModelNotFound) -> URL {
        try located.get()
    }

    private static let located: Result<URL, ModelNotFound> = locate()

    private static func locate() -> Result<URL, ModelNotFound> {
        if let path = ProcessInfo.processInfo.environment["STRATA_EMBEDDING_MODEL"], !path.isEmpty {
            return .success(URL(fileURLWithPath: path))
        }
        let script = FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/Scripts/embedding/model.sh")
        let process = Process()
        process.executableURL = script
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(ModelNotFound(message: "cannot run \(script.path): \(error)"))
        }
        // The script prints one line; its complaints are short. Read both before waiting.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else {
            return .failure(
                ModelNotFound(
                    message: "\(script.path) exited with \(process.terminationStatus): "
                        + String(decoding: complaints, as: UTF8.self)))
        }
        return .success(URL(fileURLWithPath: path))
    }

    /// Why the model folder could not be found.
    public struct ModelNotFound: Error, CustomStringConvertible {
        /// What went wrong.
        public let message: String
        /// A failure saying `message`.
        public init(message: String) { self.message = message }
        /// The message, with how to provide the model.
        public var description: String {
            "all-MiniLM-L6-v2 not found (run make setup, or set STRATA_EMBEDDING_MODEL): \(message)"
        }
    }
}
