import AppSupport
import Core
import Testing

@Suite("MessageError")
struct MessageErrorTests {
    @Test("every kind has its own exit code, none of them 0 or 1")
    func distinctExitCodes() {
        let codes = ErrorKind.allCases.map(\.exitCode)
        #expect(Set(codes).count == codes.count)
        #expect(!codes.contains(0) && !codes.contains(1))
    }

    @Test("a message stays on one line")
    func oneLine() {
        let error = MessageError(.badData, "bad XML\nat line 3\r\nfix the file")
        #expect(error.message == "bad XML at line 3 fix the file")
    }

    @Test("describe keeps a domain message and explains any other error")
    func describe() {
        struct Odd: Error {}
        #expect(MessageError.describe(MessageError.usage("use --limit 1...100")) == "use --limit 1...100")
        #expect(MessageError.describe(Odd()).hasPrefix("unexpected error"))
        #expect(MessageError.wrap(Odd(), as: .storage).kind == .storage)
    }
}
