import Foundation
import StrataLint
import StrataScaffold

/// What `initialize` carries that strata reads.
struct InitializeParams: Decodable {
    struct Capabilities: Decodable {
        struct General: Decodable {
            var positionEncodings: [String]?
        }

        var general: General?
    }

    struct Folder: Decodable {
        var uri: String
    }

    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [Folder]?
    var capabilities: Capabilities?
}

extension LanguageServer {
    /// Agrees on the position encoding, finds the package, and says what the server does.
    func initialize(_ params: InitializeParams) -> JSONValue {
        if params.capabilities?.general?.positionEncodings?.contains(PositionEncoding.utf8.rawValue) == true {
            encoding = .utf8
        }
        let folder =
            options.packageDirectory?.path
            ?? (params.workspaceFolders?.first?.uri ?? params.rootUri).flatMap { URL(string: $0)?.path }
            ?? params.rootPath ?? FileManager.default.currentDirectoryPath
        root = PackageRoot.enclosingPackage(of: folder).map { URL(fileURLWithPath: $0, isDirectory: true) }
        initialized = true
        return .object([
            "capabilities": .object([
                "positionEncoding": .string(encoding.rawValue),
                // Open, close, save (without text: the file on disk is what SwiftPM reads) and
                // incremental changes.
                "textDocumentSync": .object([
                    "openClose": .bool(true), "change": .number(2), "save": .object(["includeText": .bool(false)]),
                ]),
                "hoverProvider": .bool(true),
                "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
                "executeCommandProvider": .object(["commands": .array([.string(Self.showRuleCommand)])]),
            ]),
            "serverInfo": .object(["name": .string("strata"), "version": .string(StrataVersion.current)]),
        ])
    }
}
