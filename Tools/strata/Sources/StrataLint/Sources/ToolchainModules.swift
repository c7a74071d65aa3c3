/// The modules a Swift toolchain or a platform's SDK provides, which no manifest declares.
///
/// `strata lint` allows them in every layer unless the layer lists the ones it may use
/// (`toolchain:` in strata.yml); everything else a target uses must be listed in `may_use`.
enum ToolchainModules {
    /// Modules every Swift toolchain ships on every platform (`canImport` of one is always true).
    static let everyPlatform: Set<String> = [
        "Swift", "Foundation", "Dispatch", "Observation", "Synchronization", "_Concurrency",
        "RegexBuilder", "_StringProcessing", "Distributed", "XCTest", "Testing", "Cxx", "CxxStdlib",
    ]

    /// Modules every Swift file gets without asking: a layer's `toolchain` list cannot leave them out.
    static let implicit: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "SwiftShims", "SwiftOnoneSupport", "_SwiftConcurrencyShims",
    ]

    /// The toolchain's other modules: runtime support, underscored libraries, the manifest and plugin APIs.
    static let others: Set<String> = [
        "CoreFoundation", "_Differentiation", "_Backtracing", "Runtime", "_RegexParser", "_Testing_Foundation",
        "PackageDescription", "PackagePlugin", "CompilerPluginSupport",
    ]

    /// Whether `module` comes with the toolchain or a platform's SDK (Glibc, FoundationNetworking, AppKit, …).
    static func contains(_ module: String) -> Bool {
        everyPlatform.contains(module) || implicit.contains(module) || others.contains(module)
            || PlatformModules.systems(having: module) != nil
    }
}
