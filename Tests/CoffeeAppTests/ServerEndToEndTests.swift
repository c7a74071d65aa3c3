import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

@Suite("coffee serve, end to end")
struct ServerEndToEndTests {
    @Test("the CLI works the same through --server, and SIGTERM stops the server cleanly")
    func throughServer() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let placed = try coffee.runner.run([
            "order", "--server", server.url, "--name", "Ada", "--coffee", "mocha", "--size", "small",
        ])
        #expect(placed.status == 0, "\(placed.stderr)")
        try coffee.run("order", "--name", "Bob", "--coffee", "latte", "--size", "large")
        let remote = try coffee.runner.run(["list", "--server", server.url, "--token", server.token])
        let local = try coffee.run("list")
        #expect(remote.stdout == local.stdout)
        #expect(remote.stdout.contains("Ada") && remote.stdout.contains("Bob"))
        let error = try coffee.runner.run([
            "order", "--server", server.url, "--name", "", "--coffee", "latte", "--size", "small",
        ])
        #expect(error.status == 65)
        #expect(error.stderr == "coffee: error: the customer name is empty; give one with --name\n")
        // Every problem comes back through the server, as a local run words it.
        let both = try coffee.runner.run([
            "order", "--server", server.url, "--name", "", "--coffee", "latte", "--size", "",
        ])
        #expect(
            both.stderr
                == "coffee: error: 2 problems with the order: the customer name is empty; give one with --name; no size given; use --size with one of small, medium, large\n"
        )
        let stopped = server.stop(signal: SIGTERM)
        #expect(stopped.reason == .exit && stopped.status == 0)
        #expect(stopped.stderr.contains("server stopped"))
    }

    @Test("a port that is taken is a usage error saying to pick another")
    func portTaken() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let port = try #require(server.url.split(separator: ":").last.map(String.init))
        let second = try coffee.run("serve", "--port", port)
        #expect(second.status == 64)
        #expect(
            second.stderr
                == "coffee: error: cannot listen on 127.0.0.1:\(port): another program already uses port \(port); pick another with --port, or --port 0 for any free one\n"
        )
        _ = server.stop()
    }

    @Test("SIGINT stops the server cleanly too")
    func interrupt() throws {
        let server = try ServeProcess(database: try Coffee().database)
        let stopped = server.stop(signal: SIGINT)
        #expect(stopped.reason == .exit && stopped.status == 0)
    }

    @Test("two coffee processes and a server on one database lose nothing")
    func concurrentProcesses() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let perWriter = 12
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<3 {
                group.addTask {
                    var failed: [String] = []
                    for index in 0..<perWriter {
                        var arguments = [
                            "order", "--name", "W\(writer)-\(index)", "--coffee", "latte", "--size", "small",
                        ]
                        // Writer 2 goes through the server, the others straight to the file.
                        arguments += writer == 2 ? ["--server", server.url] : ["--db", coffee.database]
                        let result = try BinaryRunner(product: "coffee").run(arguments)
                        if result.status != 0 { failed.append(result.stderr) }
                    }
                    return failed
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(try coffee.orders().count == 3 * perWriter)
        _ = server.stop()
    }

    @Test("kill -9 in the middle of a burst of POSTs loses no acknowledged order")
    func killDuringBurst() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let url = try #require(URL(string: server.url + "/orders"))
        let acknowledged = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<60 {
                group.addTask {
                    var request = URLRequest(url: url, timeoutInterval: 10)
                    request.httpMethod = "POST"
                    request.httpBody = Data(#"{"customer":"Burst \#(index)","coffee":"latte","size":"small"}"#.utf8)
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    guard let (data, response) = try? await URLSession.shared.data(for: request),
                        (response as? HTTPURLResponse)?.statusCode == 201,
                        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                    else { return nil }
                    return object["id"] as? String
                }
            }
            var ids: [String] = []
            for try await id in group {
                if let id { ids.append(id) }
                // Kill the server once some orders are acknowledged and others are still in flight.
                if ids.count == 20 { kill(server.process.processIdentifier, SIGKILL) }
            }
            return ids
        }
        server.process.waitUntilExit()
        #expect(acknowledged.count >= 20)
        let stored = Set(try coffee.orders().compactMap { $0["id"] as? String })
        #expect(Set(acknowledged).isSubset(of: stored))
    }
}

@Suite("coffee serve refuses what it cannot take, in the API's words")
struct ServerLimitTests {
    @Test("a chunked body over the limit is 413 like a declared one, and no internal type reaches the client")
    func chunkedTooLarge() throws {
        let server = try ServeProcess(database: try Coffee().database)
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0) })
        let body = Data(#"{"customer":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 100_000) + Data(#""}"#.utf8)
        let answer = try RawHTTP.send(RawHTTP.chunkedPost(path: "/orders", body: body), port: port)
        #expect(answer.status == 413, "\(answer.body)")
        #expect(answer.body.contains("larger than 64 KiB"), "\(answer.body)")
        #expect(!answer.body.contains("NIO") && !answer.body.contains("Error"), "\(answer.body)")
        _ = server.stop()
    }

    @Test("an error quotes at most about 100 characters of any input, in every field of its JSON")
    func longInputsCut() throws {
        let server = try ServeProcess(database: try Coffee().database)
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0) })
        let long = String(repeating: "x", count: 5_000)
        let requests: [(String, String, String?)] = [
            ("POST", "/orders", #"{"customer":"Ada","coffee":"\#(long)","size":"small"}"#),
            ("POST", "/orders", #"{"customer":"Ada","coffee":"latte","size":"\#(long)"}"#),
            ("POST", "/orders", #"{"customer":"\#(long)","coffee":"latte","size":"small"}"#),
            ("GET", "/orders?\(long)=1", nil),
            ("GET", "/orders?status=\(long)", nil),
            ("GET", "/orders/\(long)", nil),
            ("GET", "/\(long)", nil),
            ("PATCH", "/orders/abc", #"{"status":"\#(long)"}"#),
        ]
        for (method, path, body) in requests {
            let answer = try RawHTTP.send(RawHTTP.request(method, path, body: body), port: port)
            #expect((400..<500).contains(answer.status), "\(method) \(path.prefix(20)): \(answer.body.prefix(300))")
            #expect(
                !answer.body.contains(String(repeating: "x", count: 101)),
                "\(method) \(path.prefix(20)): \(answer.body.prefix(300))")
            #expect(answer.body.utf8.count < 1_000, "\(method) \(path.prefix(20))")
        }
        _ = server.stop()
    }
}
