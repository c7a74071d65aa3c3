import Foundation

/// Reads JSON-RPC messages framed as the Language Server Protocol frames them: a header of
/// `Content-Length: N` (and optionally `Content-Type`) lines, an empty line, then N bytes of JSON.
public struct MessageReader {
    /// Why no further message can be read.
    public enum Failure: Error, Equatable {
        /// The header is not `Name: value` lines, lacks Content-Length, or gives a bad length.
        case badHeader(String)
        /// The stream ended inside a message.
        case truncated
    }

    /// The largest body accepted: an editor's buffer of a Swift file, with room to spare.
    public static let maximumLength = 64 << 20

    private let read: (Int) -> [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// Reads from `read`, which returns up to the given number of bytes and an empty array at the end.
    public init(read: @escaping (Int) -> [UInt8]) {
        self.read = read
    }

    /// Reads from a file descriptor (standard input for a server).
    public init(fileDescriptor: Int32) {
        self.init { count in
            var bytes = [UInt8](repeating: 0, count: count)
            while true {
                let got = bytes.withUnsafeMutableBytes { Foundation.read(fileDescriptor, $0.baseAddress, count) }
                if got < 0, errno == EINTR { continue }
                return got <= 0 ? [] : Array(bytes[0..<got])
            }
        }
    }

    /// The next message's body, nil at the end of the stream between messages.
    public mutating func next() throws(Failure) -> [UInt8]? {
        var length: Int?
        while true {
            guard let line = readLine() else {
                if length == nil, buffer.count == start { return nil }
                throw .truncated
            }
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { throw .badHeader(text) }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let count = Int(value), count >= 0, count <= Self.maximumLength else {
                    throw .badHeader(text)
                }
                length = count
            }
        }
        guard let length else { throw .badHeader("no Content-Length") }
        while buffer.count - start < length {
            guard fill() else { throw .truncated }
        }
        let body = Array(buffer[start..<start + length])
        start += length
        return body
    }

    /// Skips to the next `Content-Length` header after a header it could not read, so one bad
    /// message does not end the session.
    public mutating func resynchronize() {
        let marker = Array("Content-Length:".utf8)
        while true {
            if let found = firstIndex(of: marker) {
                start = found
                return
            }
            start = max(start, buffer.count - marker.count + 1)
            guard fill() else { return }
        }
    }

    private func firstIndex(of marker: [UInt8]) -> Int? {
        guard buffer.count - start >= marker.count else { return nil }
        for index in start...(buffer.count - marker.count) where buffer[index] == marker[0] {
            if buffer[index..<index + marker.count].elementsEqual(marker) { return index }
        }
        return nil
    }

    /// One header line without its CRLF; nil at the end of the stream.
    private mutating func readLine() -> [UInt8]? {
        // Counted from `start`: `fill` may move the unread bytes to the front of the buffer.
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            if scanned > 8192 { return nil }  // no header line is this long
            guard fill() else { return nil }
        }
    }

    private mutating func fill() -> Bool {
        guard !ended else { return false }
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        let bytes = read(65536)
        if bytes.isEmpty {
            ended = true
            return false
        }
        buffer.append(contentsOf: bytes)
        return true
    }
}

/// Writes framed messages to a file descriptor (standard output for a server), whole or not at all.
///
/// One thread writes (the server's loop), so no lock is needed and none is held across a write.
public struct MessageWriter {
    private let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes one message; false when the peer is gone.
    @discardableResult
    public func write(_ body: [UInt8]) -> Bool {
        let message = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var offset = 0
        while offset < message.count {
            let written = message.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Foundation.write(fileDescriptor, base + offset, message.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
