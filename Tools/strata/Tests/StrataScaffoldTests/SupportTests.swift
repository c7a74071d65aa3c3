import Foundation
import Testing

@testable import StrataScaffold

@Suite("SHA-256 and diffs")
struct SupportTests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("a unified diff shows the inserted line with three lines of context")
    func diff() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line 5\nadded\n")
        #expect(
            UnifiedDiff.make(old: old, new: new, oldName: "a/f", newName: "b/f") == """
                --- a/f
                +++ b/f
                @@ -3,6 +3,7 @@
                 line 3
                 line 4
                 line 5
                +added
                 line 6
                 line 7
                 line 8

                """)
        #expect(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b").isEmpty)
    }

    @Test("a unified diff splits distant changes into hunks")
    func hunks() {
        let old = (1...30).map { "l\($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "l2\n", with: "").replacingOccurrences(of: "l28\n", with: "x\nl28\n")
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b")
        #expect(
            diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == [
                "@@ -1,5 +1,4 @@", "@@ -25,6 +24,7 @@",
            ])
    }

    @Test("a template variable that does not exist is found; loop variables are not")
    func unknownVariables() {
        #expect(
            TemplateSet.unknownVariables(in: "{{ name }} {{ nmae }} {{ app|upper }}", known: ["name", "app"]) == [
                "nmae"
            ])
        #expect(TemplateSet.unknownVariables(in: "{% for x in list %}{{ x }}{% endfor %}", known: ["list"]).isEmpty)
    }
}

@Suite("Built-in template sets")
struct BuiltInTemplateTests {
    @Test(
        "Feature, Layers and Workspace are compiled in, decode and render for a name",
        arguments: ["Feature", "Layers", "Workspace"])
    func builtInSetRenders(name: String) throws {
        let set = try #require(TemplateSet.builtIn(name))
        #expect(set.origin == .builtIn && set.description.name == name)
        let rendered = try set.render(try FeatureName("Orders"))
        #expect(!rendered.files.isEmpty)
        #expect(rendered.files.allSatisfy { !$0.path.contains("__") && !$0.path.hasSuffix(".stencil") })
    }

    @Test("Layers declares its ten targets as modules and six strata.yml layers; Feature a manifest line")
    func shapes() throws {
        let layers = try #require(TemplateSet.builtIn("Layers")).render(try FeatureName("Orders"))
        #expect(layers.manifestEntry == nil && layers.modules.count == 10 && layers.targets.count == 10)
        #expect(
            layers.modules.first?.manifestEntry
                == #".target(name: "OrdersEntity", dependencies: [], path: "Sources/OrdersEntity")"#)
        #expect(
            try #require(TemplateSet.builtIn("Layers")).description.layers.map(\.name) == [
                "entity", "repository", "usecase", "presenter", "factory", "feature-tests",
            ])
        let feature = try #require(TemplateSet.builtIn("Feature")).render(try FeatureName("Orders"))
        #expect(
            feature.manifestEntry
                == #"Feature("Orders", app: "orders", infrastructure: ["Database"], appDependencies: ["WebSupport", hummingbird, plot])"#
        )
        #expect(feature.modules.isEmpty && feature.product == "orders")
    }
}
