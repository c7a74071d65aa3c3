import Foundation

/// Where browser tests put their screenshots: `.build/screenshots/` of this checkout.
public enum Screenshots {
    /// The folder, created when missing.
    public static func folder() throws -> URL {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The file `name.png` in the folder.
    public static func file(_ name: String) throws -> URL {
        try folder().appendingPathComponent(name + ".png")
    }
}
