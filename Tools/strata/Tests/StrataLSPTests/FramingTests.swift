import StrataLSP
import Testing

@Suite struct FramingTests {
    /// A reader over fixed bytes, handed out `chunk` at a time.
    func reader(_ text: String, chunk: Int = 7) -> MessageReader {
        var bytes = Array(text.utf8)[...]
        return MessageReader { count in
            let taken = Array(bytes.prefix(min(count, chunk)))
            bytes = bytes.dropFirst(taken.count)
            return taken
        }
    }

    @Test func readsFramesSplitAcrossReads() throws {
        var reader = reader("Content-Length: 2\r\n\r\n{}Content-Type: x\r\nContent-Length: 4\r\n\r\n[1,2]")
        #expect(try reader.next() == Array("{}".utf8))
        #expect(try reader.next() == Array("[1,2".utf8))
        #expect(throws: MessageReader.Failure.truncated) { try reader.next() }
    }

    @Test func endsCleanlyBetweenMessages() throws {
        var reader = reader("Content-Length: 2\r\n\r\n{}")
        #expect(try reader.next() == Array("{}".utf8))
        #expect(try reader.next() == nil)
    }

    @Test func aBadHeaderIsReportedAndTheNextMessageStillRead() throws {
        var reader = reader("Content-Length: lots\r\n\r\n{garbage}Content-Length: 2\r\n\r\n{}")
        #expect(throws: MessageReader.Failure.badHeader("Content-Length: lots")) { try reader.next() }
        reader.resynchronize()
        #expect(try reader.next() == Array("{}".utf8))
    }

    @Test func aHeaderWithoutLengthIsRefused() {
        var reader = reader("Content-Type: x\r\n\r\n{}")
        #expect(throws: MessageReader.Failure.badHeader("no Content-Length")) { try reader.next() }
    }
}
