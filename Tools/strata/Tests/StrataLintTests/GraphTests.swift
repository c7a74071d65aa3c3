import Foundation
import Testing

@testable import StrataLint

@Suite("Module graphs")
struct GraphTests {
    func features() throws -> ModuleGraph { ModuleGraph(try Fixture(name: "features").lint()) }

    @Test("mermaid groups nodes by feature, colours them by layer and marks violating edges")
    func mermaid() throws {
        let text = try GraphRenderer.render(features(), format: .mermaid)
        #expect(
            text.hasPrefix(
                "flowchart BT\n  subgraph feature_Cart[\"Cart\"]\n    CartUseCase\n  end\n  subgraph feature_Shop[\"Shop\"]\n"
            ))
        #expect(text.contains("  CartUseCase -->|\"✗ feature-independence\"| ShopEntity\n"))
        #expect(text.contains("  Store -.->|\"✗ feature-isolation\"| ShopEntity\n"))
        #expect(text.contains("  ShopUseCase --> ShopEntity\n"))
        #expect(text.contains("  classDef L_usecase fill:"))
        #expect(
            text.contains("  class ShopUseCase,CartUseCase L_usecase\n")
                || text.contains("  class CartUseCase,ShopUseCase L_usecase\n"))
        #expect(text.contains("  linkStyle 0,4 stroke:#d00,stroke-width:2px\n"))
    }

    @Test("dot draws clusters, fills and red dashed implicit edges")
    func dot() throws {
        let text = try GraphRenderer.render(features(), format: .dot)
        #expect(text.hasPrefix("digraph strata {\n  rankdir=BT;"))
        #expect(text.contains("subgraph \"cluster_feature_Shop\" {"))
        #expect(
            text.contains(
                "\"Store\" -> \"ShopEntity\" [color=\"#dd0000\", penwidth=2, label=\"✗ feature-isolation\", style=dashed];"
            ))
        #expect(text.contains("\"ShopUseCase\" -> \"ShopEntity\";"))
    }

    @Test("json lists nodes with layer and feature, and edges with their violations")
    func json() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(GraphRenderer.render(features(), format: .json).utf8))
                as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes.first { $0["id"] as? String == "ShopEntity" }?["feature"] as? String == "Shop")
        let edges = try #require(object["edges"] as? [[String: Any]])
        let isolation = try #require(
            edges.first { $0["from"] as? String == "Store" && $0["to"] as? String == "ShopEntity" })
        #expect(
            isolation["declared"] as? Bool == false && isolation["violations"] as? [String] == ["feature-isolation"])
    }

    @Test("--feature keeps one feature and the modules it uses")
    func oneFeature() throws {
        let graph = ModuleGraph(try Fixture(name: "features").lint(), feature: "Cart")
        #expect(graph.nodes.map(\.id).sorted() == ["CartUseCase", "ShopEntity"])
    }

    @Test("the diagram between the markers is replaced, the rest of the page kept")
    func replaceDiagram() throws {
        let page = "intro\n<!-- strata:graph:begin -->\nold\n<!-- strata:graph:end -->\noutro\n"
        let updated = try #require(GraphRenderer.replacingDiagram(in: page, with: "flowchart BT\n  A\n"))
        #expect(
            updated
                == "intro\n<!-- strata:graph:begin -->\n```mermaid\nflowchart BT\n  A\n```\n<!-- strata:graph:end -->\noutro\n"
        )
        #expect(GraphRenderer.replacingDiagram(in: "no markers", with: "x") == nil)
    }
}
