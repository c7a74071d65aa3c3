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

    private static func readRawKeys(into continuation: AsyncStream<Key>.Continuation) {
        var pending: [UInt8] = []
        while let byte = readByte() {
            pending.append(byte)
            // An escape sequence is complete at its final letter; a lone ESC waits for more.
            if pending.first == 0x1B {
                if pending.count < 3 { continue }
                switch pending.last {
                case UInt8(ascii: "C"): continuation.yield(.right)
                case UInt8(ascii: "D"): continuation.yield(.left)
                default: break
                }
                pending.removeAll()
                continue
            }
            pending.removeAll()
            switch byte {
            case 0x03, 0x04: continuation.yield(.quit)  // Ctrl-C, Ctrl-D: raw mode turns off their signals
            case 0x0D, 0x0A: continuation.yield(.enter)
            default: continuation.yield(key(Character(UnicodeScalar(byte))))
            }
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
/// Restores the saved settings on quit, on SIGTERM and SIGHUP; Ctrl-C arrives as a key because
/// raw mode turns off the signals the terminal would send for it.
final class RawMode {
    private var saved = termios()
    private var active = false
    private var signalSources: [DispatchSourceSignal] = []

    /// Switches standard input to raw mode; does nothing when it is not a terminal.
    @MainActor
    func enable(onSignal: @escaping @MainActor () -> Void) {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return }
        active = true
        for number in [SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { onSignal() } }
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
