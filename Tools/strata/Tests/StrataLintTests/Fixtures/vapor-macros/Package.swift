// swift-tools-version:6.2
// swift-format-ignore-file
// Reduced from vapor/vapor's Package.swift (see SOURCES.md): Vapor, the macro library and its
// macro target, which VaporMacros declares only under the MacroRouting trait.
import PackageDescription
import CompilerPluginSupport

let package = Package(
    name: "vapor",
    platforms: [
        .macOS("26.2"),
        .iOS("26.2"),
        .tvOS("26.2"),
        .watchOS("26.2"),
    ],
    products: [
        .library(name: "Vapor", targets: ["Vapor"]),
        .library(name: "VaporMacros", targets: ["VaporMacros"]),
    ],
    traits: [
        .trait(name: "MacroRouting"),
        .default(enabledTraits: [
            "MacroRouting",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "Vapor",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),

        .macro(
            name: "VaporMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Algorithms", package: "swift-algorithms")
            ]
        ),

        .target(
            name: "VaporMacros",
            dependencies: [
                .target(name: "VaporMacrosPlugin", condition: .when(traits: ["MacroRouting"])),
                "Vapor",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
