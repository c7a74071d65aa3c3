import SwiftIfConfig
import SwiftSyntax

/// The builds strata reads source for: an `#if` clause is read when one of them compiles it.
///
/// By default every platform `os()` names, on x86_64 and arm64, each twice for what strata
/// cannot know (custom flags not set in `flags`, `canImport` of a module it cannot place,
/// `hasFeature`, `hasAttribute`, `targetEnvironment`): once all true, once all false. A rule
/// on dependencies holds on every platform the package may be built for, so a clause that some
/// build compiles is checked; one that no build compiles (`#if false`) is not code.
public struct Builds: Sendable, Equatable {
    /// The platform to read for (`Linux`, `macOS`...), as `os()` names it; nil reads for every platform.
    public var os: String?
    /// The Swift language and compiler version `swift(...)` and `compiler(...)` compare against.
    public var swiftVersion: [Int]
    /// Custom compilation flags with a known value (`DEBUG: true`); others are unknown.
    public var flags: [String: Bool]
    /// Modules that certainly exist: the package's own and the products it depends on.
    public var modules: Set<String>

    /// Creates the builds of every platform unless `os` names one.
    public init(
        os: String? = nil, swiftVersion: [Int] = [6, 3], flags: [String: Bool] = [:], modules: Set<String> = []
    ) {
        self.os = os
        self.swiftVersion = swiftVersion
        self.flags = flags
        self.modules = modules
    }

    /// Every platform name `os()` accepts, as the compiler spells it.
    public static var platforms: Set<String> { PlatformModules.systems }

    /// Modules every Swift toolchain ships on every platform.
    static var toolchainModules: Set<String> { ToolchainModules.everyPlatform }

    /// Each build as swift-syntax's `SwiftIfConfig` evaluates conditions against.
    var configurations: [PossibleBuild] {
        let systems = os.map { [$0] } ?? PlatformModules.systems.sorted()
        let version = VersionTuple(components: swiftVersion.isEmpty ? [6, 3] : swiftVersion)
        return systems.flatMap { system in
            ["x86_64", "arm64"].flatMap { architecture in
                [true, false].map { unknowns in
                    PossibleBuild(
                        os: system, architecture: architecture, unknowns: unknowns, version: version, flags: flags,
                        modules: modules)
                }
            }
        }
    }
}

/// One build: a platform, an architecture, and one answer for everything strata cannot know.
struct PossibleBuild: BuildConfiguration, Sendable {
    var os: String
    var architecture: String
    /// The answer to a question whose answer strata cannot know.
    var unknowns: Bool
    var version: VersionTuple
    var flags: [String: Bool]
    var modules: Set<String>

    var isApple: Bool { PlatformModules.apple.contains(os) }

    func isCustomConditionSet(name: String) -> Bool { flags[name] ?? unknowns }
    func hasFeature(name: String) -> Bool { unknowns }
    func hasAttribute(name: String) -> Bool { unknowns }

    /// Certain for the package's modules and the toolchain's, by platform for a platform's
    /// modules, unknown for any other: the packages the manifest depends on may have it.
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let module = importPath.first?.1 else { return unknowns }
        if modules.contains(module) || Builds.toolchainModules.contains(module) { return true }
        guard let systems = PlatformModules.systems(having: module) else { return unknowns }
        return systems.contains(os)
    }

    func isActiveTargetOS(name: String) -> Bool { name == os || (name == "Darwin" && isApple) }
    func isActiveTargetArchitecture(name: String) -> Bool { name == architecture }
    func isActiveTargetEnvironment(name: String) -> Bool { unknowns }
    func isActiveTargetRuntime(name: String) -> Bool {
        switch name {
        case "_ObjC": isApple
        case "_Native": !isApple
        case "_multithreaded": os != "WASI"
        default: unknowns
        }
    }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool {
        switch name {
        case "MachO": isApple
        case "COFF": os == "Windows"
        case "Wasm": os == "WASI"
        case "ELF": !isApple && os != "Windows" && os != "WASI"
        default: false
        }
    }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { version }
    var compilerVersion: VersionTuple { version }
}
