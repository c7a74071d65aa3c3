import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real headless Chromium driven through W3C WebDriver, for tests of the apps' pages.
///
/// `Browser.run` starts Debian's `chromedriver` (package chromium-driver) on a free loopback
/// port, opens a session of headless `chromium` (package chromium) and hands the browser to the
/// test; whatever the test does, the session is deleted and the driver killed afterwards. Every
/// call has a deadline, and `waitUntil` polls a condition for a bounded time: a test waits on
/// what the page shows, never on a clock.
public final class Browser: @unchecked Sendable {
    /// Why a browser step failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// An element of the current page, as WebDriver names it.
    public struct Element: Sendable, Equatable {
        /// WebDriver's id of the element.
        public let id: String
    }

    /// Where `chromedriver` is installed by chromium-driver.
    public static let driverPath = "/usr/bin/chromedriver"
    /// Where `chromium` is installed by chromium.
    public static let chromiumPath = "/usr/bin/chromium"
    /// The key WebDriver returns element references under.
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let driver: Process
    private let port: Int
    private var sessionID: String?

    /// Whether `chromedriver` and `chromium` are installed (`make setup` installs them).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: driverPath)
            && FileManager.default.isExecutableFile(atPath: chromiumPath)
    }

    /// Starts a driver and a browser whose viewport is `width` × `height` CSS pixels, runs `body`
    /// with it, then always quits the browser and stops the driver.
    ///
    /// One browser per core at a time in a test process: each is a driver and a Chromium, hundreds of MB
    /// and seconds of CPU to start, and suites running in parallel would start them all at once
    /// on a machine whose other tests time servers.
    public static func run<Result>(
        width: Int = 1440, height: Int = 900, _ body: (Browser) async throws -> Result
    ) async throws -> Result {
        await BrowserTurns.shared.take()
        do {
            let browser = try await start(width: width, height: height)
            do {
                let result = try await body(browser)
                await browser.quit()
                await BrowserTurns.shared.give()
                return result
            } catch {
                await browser.quit()
                throw error
            }
        } catch {
            await BrowserTurns.shared.give()
            throw error
        }
    }

    /// A driver and a browser, started afresh on another port if the first two starts fail.
    private static func start(width: Int, height: Int) async throws -> Browser {
        for _ in 0..<2 {
            if let browser = try? await Browser(width: width, height: height) { return browser }
        }
        return try await Browser(width: width, height: height)
    }

    private init(width: Int, height: Int) async throws {
        guard Self.isInstalled else {
            throw Failure("chromium and chromedriver are not installed; run make setup (apt: chromium chromium-driver)")
        }
        port = try FreePort.find()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: Self.driverPath)
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1", "--log-level=OFF"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        do {
            try await waitForDriver()
            let capabilities: [String: Any] = [
                "capabilities": [
                    "alwaysMatch": [
                        "browserName": "chrome",
                        "goog:chromeOptions": [
                            "binary": Self.chromiumPath,
                            "args": [
                                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                "--no-first-run", "--disable-extensions", "--hide-scrollbars",
                                "--window-size=\(width),\(height)",
                            ],
                        ],
                    ]
                ]
            ]
            let answer = try await command("POST", "session", capabilities, global: true)
            guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure("chromedriver answered a new session without an id: \(String(describing: answer))")
            }
            sessionID = id
            try await setViewport(width: width, height: height)
        } catch {
            await quit()
            throw error
        }
    }

    deinit {
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
    }

    /// Deletes the session (closing Chromium) and stops the driver; safe to call twice.
    public func quit() async {
        if let sessionID {
            _ = try? await command("DELETE", "session/\(sessionID)", nil, global: true)
            self.sessionID = nil
        }
        // chromedriver lets SIGTERM wait on its sessions; the session is gone, so nothing is lost.
        if driver.isRunning {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
        }
    }

    // MARK: - Pages

    /// Opens `url` and waits until it has loaded.
    public func open(_ url: URL) async throws {
        _ = try await command("POST", "url", ["url": url.absoluteString])
    }

    /// The current page's title.
    public func title() async throws -> String {
        try await command("GET", "title", nil) as? String ?? ""
    }

    /// The current page's address.
    public func currentURL() async throws -> String {
        try await command("GET", "url", nil) as? String ?? ""
    }

    /// The current page's HTML as the browser holds it now (after scripts changed it).
    public func source() async throws -> String {
        try await command("GET", "source", nil) as? String ?? ""
    }

    /// The current tab's WebDriver handle.
    public func currentTab() async throws -> String {
        try await command("GET", "window", nil) as? String ?? ""
    }

    /// Opens a new tab and makes it current; returns its handle (the other tabs keep running).
    @discardableResult
    public func newTab() async throws -> String {
        let value = try await command("POST", "window/new", ["type": "tab"]) as? [String: Any]
        guard let handle = value?["handle"] as? String else { throw Failure("chromedriver opened no tab") }
        try await switchTo(tab: handle)
        return handle
    }

    /// Makes the tab `handle` current.
    public func switchTo(tab handle: String) async throws {
        _ = try await command("POST", "window", ["handle": handle])
    }

    /// Sends the DevTools command `method` with `parameters` through chromedriver.
    func cdp(_ method: String, _ parameters: [String: Any]) async throws {
        _ = try await command("POST", "goog/cdp/execute", ["cmd": method, "params": parameters])
    }

    /// Sets the viewport to `width` × `height` CSS pixels, phone widths included (a window cannot be that narrow).
    public func setViewport(width: Int, height: Int) async throws {
        let parameters: [String: Any] = [
            "cmd": "Emulation.setDeviceMetricsOverride",
            "params": ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600],
        ]
        _ = try await command("POST", "goog/cdp/execute", parameters)
    }

    /// Writes a PNG of the viewport to `file`, creating its folder.
    public func screenshot(to file: URL) async throws {
        guard let encoded = try await command("GET", "screenshot", nil) as? String,
            let data = Data(base64Encoded: encoded)
        else { throw Failure("chromedriver sent no screenshot") }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Runs `script` in the page (WebDriver's scripts are not bound by the page's CSP) and returns its value.
    public func execute(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script` in the page until it calls its last argument, a callback, and returns what it was given.
    public func executeAsync(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "execute/async", ["script": script, "args": arguments])
    }

    // MARK: - Elements

    /// The first element matching the CSS `selector`.
    ///
    /// - Throws: `Failure` when none matches.
    public func find(_ selector: String) async throws -> Element {
        let value = try await command("POST", "element", ["using": "css selector", "value": selector])
        guard let reference = value as? [String: Any], let id = reference[Self.elementKey] as? String else {
            throw Failure("no element matches \(selector)")
        }
        return Element(id: id)
    }

    /// Every element matching the CSS `selector`, in document order.
    public func findAll(_ selector: String) async throws -> [Element] {
        let value = try await command("POST", "elements", ["using": "css selector", "value": selector])
        return (value as? [[String: Any]] ?? []).compactMap { ($0[Self.elementKey] as? String).map(Element.init) }
    }

    /// Clicks `element` (scrolled into view first, as a person would).
    public func click(_ element: Element) async throws {
        _ = try await command("POST", "element/\(element.id)/click", [:])
    }

    /// Clicks the first element matching `selector`.
    public func click(_ selector: String) async throws {
        try await click(try await find(selector))
    }

    /// Types `text` into `element`, after what it holds (`clear` first to replace it).
    public func type(_ text: String, into element: Element) async throws {
        _ = try await command("POST", "element/\(element.id)/value", ["text": text])
    }

    /// Types `text` into the first element matching `selector`.
    public func type(_ text: String, into selector: String) async throws {
        try await type(text, into: try await find(selector))
    }

    /// Empties an input or text area.
    public func clear(_ element: Element) async throws {
        _ = try await command("POST", "element/\(element.id)/clear", [:])
    }

    /// Presses Enter in `element`, which submits the form it is in, as the keyboard would.
    public func submit(_ element: Element) async throws {
        try await type("\u{E007}", into: element)
    }

    /// Presses Tab once, as the keyboard moves the focus to the next control (WebDriver's key actions).
    public func pressTab() async throws {
        let tab = "\u{E004}"
        let keys: [[String: Any]] = [["type": "keyDown", "value": tab], ["type": "keyUp", "value": tab]]
        _ = try await command("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": keys]]])
    }

    /// The `id` of the element that has the keyboard's focus; empty when it has none or the body has the focus.
    public func focusedID() async throws -> String {
        try await execute("return (document.activeElement && document.activeElement.id) || ''") as? String ?? ""
    }

    /// The rendered text of `element`.
    public func text(of element: Element) async throws -> String {
        try await command("GET", "element/\(element.id)/text", nil) as? String ?? ""
    }

    /// The rendered text of the first element matching `selector`.
    public func text(_ selector: String) async throws -> String {
        try await text(of: try await find(selector))
    }

    /// The current value of `element`'s attribute `name`, or `nil` when it has none.
    public func attribute(_ name: String, of element: Element) async throws -> String? {
        try await command("GET", "element/\(element.id)/attribute/\(name)", nil) as? String
    }

    /// Waits until `condition` holds, asking every 50 ms for at most `timeout` (a bound for a loaded machine, not a speed).
    ///
    /// - Throws: `Waiting.Failure` saying `what` was awaited when the time runs out; `condition`'s
    ///   errors count as "not yet" (the page may be between loads).
    public func waitUntil(
        _ what: String, timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
    ) async throws {
        try await Waiting.until(what, timeout: timeout, condition)
    }

    // MARK: - The wire

    /// Sends one WebDriver command; returns its `value`.
    private func command(_ method: String, _ path: String, _ body: Any?, global: Bool = false) async throws -> Any? {
        let relative: String
        if global {
            relative = path
        } else {
            guard let sessionID else { throw Failure("the browser has quit") }
            relative = "session/\(sessionID)/\(path)"
        }
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (status, data) = try await WebDriverWire.exchange(
            port: port, method: method, path: "/" + relative, body: payload)
        let object = data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data)
        let value = (object as? [String: Any])?["value"]
        guard status < 300 else {
            let detail = (value as? [String: Any]).map { "\($0["error"] ?? ""): \($0["message"] ?? "")" }
            throw Failure("WebDriver \(method) /\(path) failed (\(status)): \(detail ?? String(describing: value))")
        }
        return value is NSNull ? nil : value
    }

    /// Waits, at most 30 s (a loaded machine starts it slowly), until the driver answers `GET /status` ready.
    private func waitForDriver() async throws {
        try await waitUntil("chromedriver to start", timeout: .seconds(30)) {
            guard driver.isRunning else { throw Failure("chromedriver exited with \(driver.terminationStatus)") }
            let (_, data) = try await WebDriverWire.exchange(port: port, method: "GET", path: "/status", body: nil)
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (object?["value"] as? [String: Any])?["ready"] as? Bool == true
        }
    }
}

/// HTTP/1.1 to chromedriver over a plain socket.
///
/// Foundation's URLSession on Linux cannot read chromedriver's answers (it writes header fields
/// without a space after the colon, which libcurl's glue refuses: "Failed writing header"), and
/// the requests are simple: one per connection, a JSON body with its length, an answer with a
/// Content-Length. Each runs on a Dispatch thread, never blocking the cooperative pool, and a
/// silent driver is given up after a minute.
enum WebDriverWire {
    static func exchange(port: Int, method: String, path: String, body: Data?) async throws -> (Int, Data) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try blockingExchange(port: port, method: method, path: path, body: body) })
            }
        }
    }

    private static func blockingExchange(port: Int, method: String, path: String, body: Data?) throws -> (Int, Data) {
        let fd = try LoopbackSocket.connect(port: port, readTimeout: 60)
        defer { close(fd) }
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        if let body {
            request.append(
                Data("Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n".utf8))
        }
        request.append(Data("\r\n".utf8))
        if let body { request.append(body) }
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { throw Browser.Failure("could not send \(method) \(path) to chromedriver") }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = answer.range(of: separator) {
                let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
                let length = lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first
                let received = answer.count - end.upperBound
                if let length, received >= length {
                    return (status, Data(answer[end.upperBound..<(end.upperBound + length)]))
                }
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else {
                throw Browser.Failure("chromedriver closed or went silent during \(method) \(path)")
            }
            answer.append(contentsOf: buffer[0..<count])
        }
    }
}

/// A free TCP port on 127.0.0.1 for a server we start (chromedriver), below Linux's ephemeral
/// range (32768 up): a port bound with 0 comes from that range, and between letting it go and
/// the driver binding it, any of a busy test run's outgoing connections may take it as its own
/// source port, leaving the driver listening on ::1 only.
enum FreePort {
    static func find() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: 20_000..<32_000)
            if isFree(port) { return port }
        }
        throw Browser.Failure("no free port between 20000 and 32000 on 127.0.0.1")
    }

    private static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }
}

/// Browsers take turns: `width` run at once, the others wait in order.
private actor BrowserTurns {
    /// One per core: a browser's start and its pages' layout and scripts keep a core busy.
    static let shared = BrowserTurns(width: max(1, ProcessInfo.processInfo.activeProcessorCount))
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func take() async {
        guard running >= width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}
