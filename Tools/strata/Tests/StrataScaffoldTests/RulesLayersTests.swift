import Foundation
import Testing

@testable import StrataScaffold

/// strata.yml's layers as `strata new` adds them: to a block list, keeping its line endings.
@Suite("strata.yml's layers list")
struct RulesLayersTests {
    /// One layer, as a template.json declares it.
    static func layers() throws -> [TemplateDescription.Layer] {
        let json = #"[{"name": "entity", "targets": ["{feature}Entity"], "may_use": ["core"]}]"#
        return try JSONDecoder().decode([TemplateDescription.Layer].self, from: Data(json.utf8))
    }

    static let block = """
        version: 1
        layers:
          # The domain core.
          - name: core
            targets: [Core]
            may_use: []

        """

    @Test("a block list gets the missing layers first, above the first item's comments")
    func blockList() throws {
        let edited = try #require(try RulesLayers.adding(Self.layers(), to: Self.block, template: "Layers"))
        let lines = edited.components(separatedBy: "\n")
        let entity = try #require(lines.firstIndex(of: "  - name: entity"))
        let core = try #require(lines.firstIndex(of: "  - name: core"))
        #expect(entity < core && lines[core - 1] == "  # The domain core.")
        #expect(try RulesLayers.adding(Self.layers(), to: edited, template: "Layers") == nil)
    }

    @Test("a CRLF file keeps CRLF on every line, and its layers are found")
    func crlf() throws {
        let rules = Self.block.replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try #require(try RulesLayers.adding(Self.layers(), to: rules, template: "Layers"))
        #expect(edited.contains("  - name: entity\r\n"))
        #expect(
            !edited.unicodeScalars.indices.contains { index in
                edited.unicodeScalars[index] == "\n"
                    && (index == edited.unicodeScalars.startIndex
                        || edited.unicodeScalars[edited.unicodeScalars.index(before: index)] != "\r")
            })
        #expect(try RulesLayers.adding(Self.layers(), to: edited, template: "Layers") == nil)
    }

    @Test("a flow list is refused at its line, with what to do; no `strata init --force` advice")
    func flowList() throws {
        let rules = "version: 1\nlayers: [{name: core, targets: [Core], may_use: []}]\n"
        do {
            _ = try RulesLayers.adding(Self.layers(), to: rules, template: "Layers")
            Issue.record("a flow list was edited")
        } catch let error as StrataError {
            #expect(error.message.hasPrefix("strata.yml:2:"), "\(error.message)")
            #expect(error.message.contains("flow list") && error.message.contains("entity"))
            #expect(!error.message.contains("init --force"))
        }
    }
}
