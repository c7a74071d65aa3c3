import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A key the interactive mode understands.
enum Key: Equatable, Sendable {
    case enter, space, left, right
    case character(Character)
    case quit
}

/// The terminal the interactive mode reads keys from: raw mode on a TTY, lines on a pipe.
enum Terminal {
    /// Whether standard input is a terminal.
    static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

    /// The keys typed, read on a thread of their own (reads block).
    ///
    /// On a TTY each byte is a key (arrow keys arrive as `ESC [ C`/`ESC [ D`). On a pipe,
    /// input is read a line at a time so a test can feed it: an empty line is Enter, and
    /// every character of any other line is one key.
    static func keys(raw: Bool) -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        let thread = Thread {
            if raw {
                readRawKeys(into: continuation)
            } else {
                while let line = readLine(strippingNewline: true) {
                    let keys: [Key] = line.isEmpty ? [.enter] : line.map(key)
                    for key in keys { continuation.yield(key) }
                }
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }

    /// How long the rest of an escape sequence may take: a terminal sends it in one write, so
    /// an ESC with nothing after it within this time was the Escape key, not an arrow.
    static let escapeTimeout: Int32 = 50  // milliseconds

    private static func readRawKeys(into continuation: AsyncStream<Key>.Continuation) {
        var carried: UInt8?
        while let byte = carried ?? readByte() {
            carried = nil
            guard byte == 0x1B else {
                yieldKey(byte, into: continuation)
                continue
            }
            // ESC [ or ESC O, parameters, then a final byte (`ESC [ C`, `ESC [ 1 ; 5 D`). A lone
            // ESC is dropped; a byte after it that starts no sequence is a key of its own.
            guard let introducer = readByte(within: escapeTimeout) else { continue }
            guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                carried = introducer
                continue
            }
            var final: UInt8?
            while let next = readByte(within: escapeTimeout) {
                if (0x40...0x7E).contains(next) {
                    final = next
                    break
                }
            }
            switch final {
            case UInt8(ascii: "C"): continuation.yield(.right)
            case UInt8(ascii: "D"): continuation.yield(.left)
            default: break
            }
        }
    }

    private static func yieldKey(_ byte: UInt8, into continuation: AsyncStream<Key>.Continuation) {
        switch byte {
        case 0x03, 0x04: continuation.yield(.quit)  // Ctrl-C, Ctrl-D: raw mode turns off their signals
        case 0x0D, 0x0A: continuation.yield(.enter)
        default: continuation.yield(key(Character(UnicodeScalar(byte))))
        }
    }

    /// The next byte if one arrives within `milliseconds`; `nil` on timeout or end of input.
    private static func readByte(within milliseconds: Int32) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 ? readByte() : nil
        }
    }

    private static func key(_ character: Character) -> Key {
        character == " " ? .space : .character(character)
    }

    private static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}

/// The terminal in raw mode (no echo, no line buffering, keys as typed) until `restore()`.
///
/// Every catchable signal that ends the process (SIGINT and SIGQUIT from another process,
/// SIGTERM, SIGHUP) goes to `onSignal` first, so the terminal is given back before the exit;
/// Ctrl-C arrives as a key because raw mode turns off the signals the terminal would send for it.
/// SIGWINCH goes to `onResize`.
final class RawMode {
    private var saved = termios()
    private var active = false
    private var signalSources: [DispatchSourceSignal] = []

    /// Switches standard input to raw mode; does nothing when it is not a terminal.
    @MainActor
    func enable(onSignal: @escaping @MainActor (Int32) -> Void, onResize: @escaping @MainActor () -> Void) {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return }
        active = true
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { number == SIGWINCH ? onResize() : onSignal(number) }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Puts the saved settings back.
    func restore() {
        guard active else { return }
        active = false
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    deinit { restore() }
}
