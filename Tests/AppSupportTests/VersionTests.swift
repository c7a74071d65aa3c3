import Core
import TestSupport
import Testing

@Suite("--version")
struct VersionTests {
    static let tools = ["papers", "coffee", "memorize", "color-events", "strata"]

    @Test("every app and strata print the one Strata version", arguments: tools)
    func version(app: String) throws {
        let result = try BinaryRunner(product: app).run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == StrataVersion.current + "\n")
    }
}
