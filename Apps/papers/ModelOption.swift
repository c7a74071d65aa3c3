import AppSupport
import ArgumentParser
import Foundation
import PapersFactory

/// The embedding model's folder: the one option of every command that works by meaning.
struct ModelOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The folder of all-MiniLM-L6-v2 (default: $STRATA_PAPERS_MODEL, else $XDG_CACHE_HOME/strata/models/all-MiniLM-L6-v2, where make setup installs it).",
            valueName: "folder"))
    var model: String?

    /// The environment variable that names the model's folder.
    static let variable = EnvironmentValue.name(app: "papers", setting: "MODEL")

    /// `--model`, else `$STRATA_PAPERS_MODEL`, else the folder `make setup` installs into.
    ///
    /// - Throws: `MessageError.usage` when `--model` or the variable is set but empty.
    func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let model {
            guard !model.isEmpty else {
                throw MessageError.usage(
                    "--model is empty; give the model's folder, or leave --model out for the default")
            }
            return URL(fileURLWithPath: model)
        }
        if let value = environment[Self.variable] {
            guard !value.isEmpty else {
                throw MessageError.usage(
                    "$\(Self.variable) is set but empty; give it the model's folder, or unset it for the default")
            }
            return URL(fileURLWithPath: value)
        }
        return Self.cacheDirectory(environment: environment).appendingPathComponent("strata/models/all-MiniLM-L6-v2")
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache` when it is unset or relative (the XDG spec ignores a relative one).
    static func cacheDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        return URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
    }
}
