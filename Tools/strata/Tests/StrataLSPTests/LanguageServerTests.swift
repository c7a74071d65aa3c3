import Foundation
import StrataLSP
import StrataTestSupport
import Testing

/// `strata lsp` driven through its standard streams, as an editor drives it.
@Suite(.serialized) struct LanguageServerTests {
    func start(_ package: ShopPackage, encodings: [String] = ["utf-16"]) throws -> LSPClient {
        let client = try LSPClient(arguments: ["--path", package.root.path], in: package.root)
        let reply = try client.request(
            "initialize",
            .object([
                "processId": .null, "rootUri": .string(package.root.absoluteString),
                "capabilities": .object([
                    "general": .object(["positionEncodings": .array(encodings.map { .string($0) })])
                ]),
            ]))
        #expect(reply["result"]?["serverInfo"]?["name"] == "strata")
        try client.notify("initialized", .object([:]))
        return client
    }

    func open(_ client: LSPClient, _ package: ShopPackage, _ path: String, _ text: String) throws {
        try client.notify(
            "textDocument/didOpen",
            .object([
                "textDocument": .object([
                    "uri": .string(package.uri(path)), "languageId": "swift", "version": .number(1),
                    "text": .string(text),
                ])
            ]))
    }

    func change(_ client: LSPClient, _ package: ShopPackage, _ path: String, version: Int, _ text: String) throws {
        try client.notify(
            "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(package.uri(path)), "version": .number(Double(version))]),
                "contentChanges": .array([.object(["text": .string(text)])]),
            ]))
    }

    @Test func theBufferIsCheckedAsTypedThenFixedInPackageSwift() throws {
        let package = try ShopPackage()
        let client = try start(package)
        let useCase = "Sources/ShopUseCase/ListItems.swift"
        let entity = "Sources/ShopEntity/Item.swift"

        // An entity that imports a use case: refused by its layer, from the buffer (the file on disk is clean).
        try open(client, package, entity, "import Core\nimport ShopUseCase\n\npublic struct Item {}\n")
        var found = try client.diagnostics(for: package.uri(entity))
        let layer = found.first { $0["code"] == "layer-import" }
        #expect(layer?["range"]?["start"] == .object(["line": .number(1), "character": .number(7)]))
        #expect(layer?["range"]?["end"] == .object(["line": .number(1), "character": .number(18)]))
        #expect(layer?["codeDescription"]?["href"] != nil)
        guard case .string(let message)? = layer?["message"] else {
            throw Failure("no layer-import diagnostic: \(found)")
        }
        #expect(message.contains("entity may use only core"))

        // The rule is one action away, in strata.yml.
        let ruleActions = try client.request(
            "textDocument/codeAction",
            .object([
                "textDocument": .object(["uri": .string(package.uri(entity))]),
                "range": layer?["range"] ?? .null, "context": .object(["diagnostics": .array([layer ?? .null])]),
            ]))
        guard case .array(let ruleList)? = ruleActions["result"], case .object(let showRule)? = ruleList.first else {
            throw Failure("no action for the layer finding: \(ruleActions)")
        }
        #expect(showRule["edit"] == nil)
        #expect(
            showRule["command"]?["arguments"] == .array([.string(package.uri("strata.yml")), .number(10), .number(15)]))

        // Deleting the import in the buffer clears it.
        try change(client, package, entity, version: 2, "import Core\n\npublic struct Item {}\n")
        found = try client.diagnostics(for: package.uri(entity))
        #expect(found.isEmpty)

        // A use case that imports Core without declaring it: the quick fix is lint --fix's edit.
        let useCaseText = "import Core\nimport ShopEntity\n\npublic struct ListItems { let price: Money }\n"
        try open(client, package, useCase, useCaseText)
        found = try client.diagnostics(for: package.uri(useCase))
        let implicit = try #require(found.first { $0["code"] == "implicit-dependency" })
        let actions = try client.request(
            "textDocument/codeAction",
            .object([
                "textDocument": .object(["uri": .string(package.uri(useCase))]), "range": implicit["range"] ?? .null,
                "context": .object(["diagnostics": .array([implicit])]),
            ]))
        guard case .array(let list)? = actions["result"], let fix = list.first,
            case .object(let changes)? = fix["edit"]?["changes"],
            case .array(let edits)? = changes[package.uri("Package.swift")],
            edits.count == 1, case .string(let newText)? = edits[0]["newText"]
        else { throw Failure("no quick fix: \(actions)") }
        #expect(fix["title"] == "Declare \"Core\" in ShopUseCase's dependencies")

        // Applied as an editor applies it, then saved: the package is read again and is clean.
        let manifest = TextDocument(text: try package.read("Package.swift"), version: nil)
        var edited = manifest
        edited.apply(
            .init(range: try edits[0]["range"].map { try $0.decode(TextRange.self) }, text: newText), encoding: .utf16)
        #expect(edited.text.contains(".target(name: \"ShopUseCase\", dependencies: [\"ShopEntity\", \"Core\"])"))
        try package.write("Package.swift", edited.text)
        try package.write(useCase, useCaseText)
        try client.notify(
            "textDocument/didSave", .object(["textDocument": .object(["uri": .string(package.uri("Package.swift"))])]))
        found = try client.diagnostics(for: package.uri(useCase))
        #expect(found.isEmpty)
        let lint = try BinaryRunner(product: "strata").run(["lint", "--path", package.root.path, "--quiet"])
        #expect(lint.status == 0, "\(lint.stdout)")

        _ = try client.request("shutdown", .null)
        try client.notify("exit", .null)
        #expect(client.finish() == 0)
    }

    @Test func closingAFileShowsWhatIsOnDiskAgain() throws {
        let package = try ShopPackage()
        try package.write("Sources/ShopEntity/Item.swift", "import Core\nimport ShopUseCase\n")
        let client = try start(package)
        let entity = "Sources/ShopEntity/Item.swift"
        try open(client, package, entity, "import Core\n")
        #expect(try client.diagnostics(for: package.uri(entity)).isEmpty)
        try client.notify(
            "textDocument/didClose", .object(["textDocument": .object(["uri": .string(package.uri(entity))])]))
        let codes = try client.diagnostics(for: package.uri(entity)).compactMap { $0["code"] }
        #expect(codes.contains("layer-import"))
        #expect(client.finish() == 1)  // input ended without shutdown
    }

    @Test func hoverOnAnImportSaysTheLayerAndWhy() throws {
        let package = try ShopPackage()
        let client = try start(package)
        let entity = "Sources/ShopEntity/Item.swift"
        try open(client, package, entity, "import Core\nimport ShopUseCase\n")
        _ = try client.diagnostics(for: package.uri(entity))
        let reply = try client.request(
            "textDocument/hover",
            .object([
                "textDocument": .object(["uri": .string(package.uri(entity))]),
                "position": .object(["line": .number(1), "character": .number(9)]),
            ]))
        guard case .string(let text)? = reply["result"]?["contents"]?["value"] else {
            throw Failure("no hover: \(reply)")
        }
        #expect(text.contains("layer **entity**"))
        #expect(text.contains("`entity` may use: core"))
        #expect(text.contains("**Not allowed** (`layer-import`)"))
        #expect(text.contains("Entities are plain values: they know the core and nothing that runs."))
    }

    @Test func badMessagesGetErrorsAndTheServerGoesOn() throws {
        let package = try ShopPackage()
        let client = try start(package)
        client.writeRaw("Content-Length: 9\r\n\r\n{not json")
        var reply = try client.waitFor { $0["error"]?["code"] == .number(-32700) }
        #expect(reply["id"] == .null)
        client.writeRaw("Content-Length: many\r\n\r\n")
        reply = try client.waitFor { $0["error"]?["code"] == .number(-32700) }
        reply = try client.request("textDocument/definition", .object([:]))
        #expect(reply["error"]?["code"] == .number(-32601))
        reply = try client.request("textDocument/hover", .object(["textDocument": "nonsense"]))
        #expect(reply["error"]?["code"] == .number(-32602))
        _ = try client.request("shutdown", .null)
        try client.notify("exit", .null)
        #expect(client.finish() == 0)
    }

    @Test func aFileOutsideThePackageGetsOneDiagnosticSayingSo() throws {
        let package = try ShopPackage()
        let elsewhere = try TemporaryDirectory()
        let client = try start(package)
        let uri = elsewhere.path("Other.swift").absoluteString
        try client.notify(
            "textDocument/didOpen",
            .object([
                "textDocument": .object(["uri": .string(uri), "version": .number(1), "text": "import Foundation\n"])
            ]))
        let found = try client.diagnostics(for: uri)
        #expect(found.count == 1)
        guard case .string(let message)? = found.first?["message"] else { throw Failure("no message") }
        #expect(message.contains("outside the package"))
    }

    @Test func aPackageWithoutRulesGetsOneDiagnosticSayingSo() throws {
        let package = try ShopPackage(rules: nil)
        let client = try start(package)
        let entity = "Sources/ShopEntity/Item.swift"
        try open(client, package, entity, "import Core\n")
        let found = try client.diagnostics(for: package.uri(entity))
        #expect(found.count == 1)
        guard case .string(let message)? = found.first?["message"] else { throw Failure("no message") }
        #expect(message.contains("no strata.yml"))
        // The server keeps running: writing the rules and saving them brings the checks.
        try package.write("strata.yml", ShopPackage.rules)
        try client.notify(
            "textDocument/didSave", .object(["textDocument": .object(["uri": .string(package.uri("strata.yml"))])]))
        #expect(try client.diagnostics(for: package.uri(entity)).isEmpty)
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
