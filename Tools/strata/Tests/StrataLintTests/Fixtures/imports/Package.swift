// swift-tools-version: 6.0
import PackageDescription

// Every module is a target; Main declares only Core, so each real import of another
// module is an implicit dependency and shows up as a finding at its line and column.
let names = [
    "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
    "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
]

let package = Package(
    name: "Imports",
    targets: [.target(name: "Core"), .target(name: "Main", dependencies: ["Core"])]
        + names.map { .target(name: $0, path: "Modules/\($0)") }
)
