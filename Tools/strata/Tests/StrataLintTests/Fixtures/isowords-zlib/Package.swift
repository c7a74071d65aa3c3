// swift-tools-version:5.9
// swift-format-ignore-file

// Reduced from pointfreeco/isowords' Package.swift (see SOURCES.md): the Gzip target and the C
// target it links zlib through, whose module map names the module zlibLinux.
import PackageDescription

var package = Package(
  name: "isowords",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
  ],
  products: [
  ],
  targets: [
    .target(
      name: "Gzip",
      dependencies: [
        "system-zlib"
      ]
    ),
    .target(
      name: "system-zlib"
    ),
  ]
)
