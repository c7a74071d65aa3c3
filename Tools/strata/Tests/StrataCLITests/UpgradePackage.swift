import Foundation
import StrataTestSupport

/// A package in a temporary folder with its own template set `Mini`, for `strata upgrade` tests.
struct UpgradePackage {
    /// How version 2 of the set differs from version 1.
    enum TemplateChange: String, CaseIterable, Sendable {
        case editsLine, addsFile, dropsFile, addsTarget
    }

    let directory: TemporaryDirectory
    var url: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory()
        try write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Base", path: "Sources/Base"),
                ]
            )

            """)
        try write("Sources/Base/Base.swift", "public enum Base {}\n")
        try writeSet(version: 1, change: nil)
    }

    /// The main file of feature `name`, which the template edits in v2.
    static func main(_ name: String) -> String { "Sources/\(name)Core/\(name).swift" }
    /// The file v2 drops.
    static func legacy(_ name: String) -> String { "Sources/\(name)Core/\(name)Legacy.swift" }
    /// The file v2 adds.
    static func extra(_ name: String) -> String { "Sources/\(name)Core/\(name)Extra.swift" }
    /// The file of the target v2 adds.
    static func support(_ name: String) -> String { "Sources/\(name)Support/\(name)Support.swift" }

    /// Writes the set `.strata/templates/Mini` at `version`, with `change` made for version 2.
    func writeSet(version: Int, change: TemplateChange?) throws {
        let set = ".strata/templates/Mini"
        try? FileManager.default.removeItem(at: directory.path(set))
        let support = change == .addsTarget ? #", {"name": "{{ name }}Support"}"# : ""
        // A new target comes with the strata.yml layer it belongs to.
        let supportLayer =
            change == .addsTarget ? #", {"name": "support", "targets": ["{feature}Support"], "may_use": ["core"]}"# : ""
        try write(
            "\(set)/template.json",
            #"{"name": "Mini", "summary": "A small feature.", "version": "\#(version)", "modules": [{"name": "{{ name }}Core"}\#(support)], "layers": [{"name": "core", "targets": ["{feature}Core"], "may_use": []}\#(supportLayer)]}"#
                + "\n")
        let fourth = change == .editsLine ? "40" : "4"
        try write(
            "\(set)/files/Sources/__name__Core/__name__.swift.stencil",
            """
            // {{ name }}: the feature's model.
            public struct {{ name }} {
                public var first = 1
                public var second = 2
                public var third = 3
                public var fourth = \(fourth)
                public var fifth = 5
            }

            """)
        if change != .dropsFile {
            try write(
                "\(set)/files/Sources/__name__Core/__name__Legacy.swift.stencil",
                """
                // {{ name }}: the part v2 drops.
                public enum {{ name }}Legacy {
                    public static let one = 1
                    public static let two = 2
                    public static let three = 3
                }

                """)
        }
        if change == .addsFile {
            try write(
                "\(set)/files/Sources/__name__Core/__name__Extra.swift.stencil",
                "// {{ name }}: new in v2.\npublic enum {{ name }}Extra {}\n")
        }
        if change == .addsTarget {
            try write(
                "\(set)/files/Sources/__name__Support/__name__Support.swift.stencil",
                "// {{ name }}: a target new in v2.\npublic enum {{ name }}Support {}\n")
        }
    }

    func write(_ path: String, _ text: String) throws {
        let url = directory.path(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: directory.path(path).path).map { String(decoding: $0, as: UTF8.self) }
    }
}
