/// The targets a SwiftPM manifest declares and their direct dependencies.
public struct PackageGraph: Sendable, Equatable {
    /// A target of the package.
    public struct Target: Sendable, Equatable {
        /// The target's kind, as SwiftPM names it (`regular`, `executable`, `test`, `system`, ...).
        public var kind: String
        /// The target's (module's) name.
        public var name: String
        /// The target's folder relative to the package root.
        public var path: String
        /// Paths relative to the target's folder that are not sources.
        public var exclude: [String]
        /// Explicit source paths relative to the target's folder, when the manifest lists them.
        public var sources: [String]?
        /// The direct dependencies, in manifest order.
        public var dependencies: [Dependency]
        /// The name sources import the target by: its module map's module for a C or system
        /// library target that has one, else the target's name as a C99 identifier.
        public var moduleName: String

        public init(
            kind: String, name: String, path: String, exclude: [String] = [], sources: [String]? = nil,
            dependencies: [Dependency] = [], moduleName: String? = nil
        ) {
            self.kind = kind
            self.name = name
            self.path = path
            self.exclude = exclude
            self.sources = sources
            self.dependencies = dependencies
            self.moduleName = moduleName ?? ModuleName.c99Name(name)
        }

        /// Whether the target is a test target.
        public var isTest: Bool { kind == "test" }
        /// Whether other targets can import this target as a module.
        public var isImportable: Bool { ["regular", "system", "binary", "macro"].contains(kind) }
    }

    /// A direct dependency: one of the package's targets or a product of another package.
    public struct Dependency: Sendable, Hashable {
        /// The target's or product's name.
        public var name: String
        /// The package a product comes from; nil for one of this package's targets.
        public var package: String?
        /// Whether this names a product of another package.
        public var isProduct: Bool

        public init(name: String, package: String? = nil, isProduct: Bool = false) {
            self.name = name
            self.package = package
            self.isProduct = isProduct
        }
    }

    /// The package's name.
    public var name: String
    /// Every target, in manifest order.
    public var targets: [Target]

    public init(name: String, targets: [Target]) {
        self.name = name
        self.targets = targets
    }

    /// The target called `name`, if there is one.
    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// The names of every target.
    public var targetNames: Set<String> { Set(targets.map(\.name)) }

    /// The target each module name other than a target's own name stands for (`zlibLinux` for
    /// the C target `system-zlib` whose module map declares it), for reading imports.
    public var targetsByModule: [String: String] {
        let names = targetNames
        var found: [String: String] = [:]
        for target in targets where target.moduleName != target.name && !names.contains(target.moduleName) {
            found[target.moduleName] = found[target.moduleName] ?? target.name
        }
        return found
    }

    /// Every module a source of the package can certainly import: its targets' (by target name
    /// and by module name) and the products it declares.
    public var knownModules: Set<String> {
        targetNames.union(targets.map(\.moduleName)).union(productNames)
    }

    /// The names of every product of other packages some target declares.
    public var productNames: Set<String> {
        Set(targets.flatMap(\.dependencies).filter(\.isProduct).map(\.name))
    }
}
