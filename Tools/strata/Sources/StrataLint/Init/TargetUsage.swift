/// What each target uses today: the package's targets it declares or imports, and the products
/// and other packages' modules (everything but the toolchain's) a version-2 `may_use` must list.
struct TargetUsage {
    var uses: [String: Set<String>] = [:]
    var products: [String: Set<String>] = [:]

    init(graph: PackageGraph, files: [String: [ScannedFile]]) {
        let targets = graph.targetNames
        let productNames = graph.productNames
        let targetsByModule = graph.targetsByModule
        for target in graph.targets {
            var ownTargets = Set(target.dependencies.filter { !$0.isProduct }.map(\.name))
            var external = Set(target.dependencies.filter(\.isProduct).map(\.name))
            for file in files[target.name] ?? [] {
                for statement in file.imports {
                    let module = targetsByModule[statement.module] ?? statement.module
                    if targets.contains(module) {
                        ownTargets.insert(module)
                    } else if productNames.contains(statement.module) || !ToolchainModules.contains(statement.module) {
                        external.insert(statement.module)
                    }
                }
            }
            ownTargets.remove(target.name)
            uses[target.name] = ownTargets.intersection(targets)
            products[target.name] = external
        }
    }
}
