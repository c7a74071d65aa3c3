import CoffeeEntity
import Core
import Foundation
import TestSupport
import Testing

/// Runs the built `coffee` on a database of its own.
struct Coffee {
    let directory: TemporaryDirectory
    let database: String
    let runner = BinaryRunner(product: "coffee")

    init() throws {
        directory = try TemporaryDirectory()
        database = directory.path("coffee.sqlite").path
    }

    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> BinaryRunner.Result {
        try runner.run(arguments + ["--db", database], environment: environment)
    }

    func orders(_ extra: String...) throws -> [[String: Any]] {
        let result = try runner.run(["list", "--format", "json", "--db", database] + extra)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["orders"] as? [[String: Any]] ?? []
    }
}

@Suite("coffee, end to end")
struct CoffeeAppTests {
    @Test("menu prints every coffee with prices in dollars")
    func menu() throws {
        let result = try Coffee().run("menu")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Latte"))
        #expect(result.stdout.contains("$4.50"))
    }

    @Test("money reads the same in any locale")
    func locale() throws {
        let coffee = try Coffee()
        for locale in ["de_DE.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8"] {
            let environment = ["LANG": locale, "LC_ALL": locale]
            let menu = try coffee.run("menu", environment: environment)
            #expect(menu.stdout.contains("$4.50") && menu.stdout.contains("$3.00"), "\(locale)")
        }
    }

    @Test("an order goes from placed to completed, found by a prefix of its id")
    func lifecycle() throws {
        let coffee = try Coffee()
        let placed = try coffee.run("order", "--name", "Ada", "--coffee", "latte", "--size", "medium")
        #expect(placed.status == 0, "\(placed.stderr)")
        #expect(placed.stdout.contains("$4.50"))
        let id = try #require(try coffee.orders().first?["id"] as? String)
        let prefix = String(id.prefix(5))
        #expect(try coffee.run("show", prefix).stdout.contains(id))
        for status in ["preparing", "ready", "completed"] {
            let advanced = try coffee.run("advance", prefix)
            #expect(advanced.stdout.contains("advanced to \(status)"))
        }
        let cancel = try coffee.run("cancel", prefix)
        #expect(cancel.status == ErrorKind.conflict.exitCode)
        #expect(
            cancel.stderr
                == "coffee: error: order \(id.prefix(8)) is completed and cannot be cancelled; only placed or preparing orders can\n"
        )
        let report = try coffee.run("report", "--format", "json")
        #expect(report.stdout.contains(#""totalRevenue" : "$4.50""#))
        #expect(try coffee.run("delete", prefix).status == 0)
        #expect(try coffee.orders().isEmpty)
        #expect(try coffee.run("list").stdout.contains("no orders"))
    }

    @Test("list filters by status and customer and sorts by total")
    func list() throws {
        let coffee = try Coffee()
        try coffee.run("order", "--name", "Ada", "--coffee", "espresso", "--size", "small")
        try coffee.run("order", "--name", "Bob", "--coffee", "mocha", "--size", "large")
        try coffee.run("order", "--name", "ada", "--coffee", "latte", "--size", "small")
        #expect(try coffee.orders("--sort", "total").compactMap { $0["totalCents"] as? Int } == [550, 400, 300])
        #expect(try coffee.orders("--customer", "ADA").count == 2)
        let first = try #require(try coffee.orders().first?["id"] as? String)
        try coffee.run("advance", first)
        #expect(try coffee.orders("--status", "preparing").compactMap { $0["id"] as? String } == [first])
    }

    @Test("list shows a page at a time and says how to list the next")
    func pages() throws {
        let coffee = try Coffee()
        for name in ["Ada", "Bo", "Cy"] {
            try coffee.run("order", "--name", name, "--coffee", "latte", "--size", "small")
        }
        let first = try coffee.run("list", "--limit", "2", environment: ["COLUMNS": "200"])
        #expect(first.stdout.contains("Ada") && first.stdout.contains("Bo") && !first.stdout.contains("Cy"))
        let hint = try #require(first.stdout.split(separator: "\n").last)
        #expect(hint.hasPrefix("more follow: run the same command with --after "))
        let cursor = String(hint.split(separator: " ").last ?? "")
        let second = try coffee.run("list", "--limit", "2", "--after", cursor)
        #expect(second.stdout.contains("Cy") && !second.stdout.contains("Ada"))
        #expect(!second.stdout.contains("more follow"))
        let json = try coffee.runner.run(["list", "--format", "json", "--limit", "1", "--db", coffee.database])
        #expect(json.stdout.contains(#""next" : ""#))
    }

    @Test("bad input: one clear line, its own exit code, nothing stored")
    func badInput() throws {
        let coffee = try Coffee()
        let cases: [([String], Int32, String)] = [
            (["order", "--name", " ", "--coffee", "latte", "--size", "small"], 65, "the customer name is empty"),
            (
                ["order", "--name", String(repeating: "n", count: 61), "--coffee", "latte", "--size", "small"], 65,
                "use at most 60"
            ),
            (["order", "--name", "Ada", "--coffee", "tea", "--size", "small"], 65, "'tea' is not on the menu"),
            (["order", "--name", "Ada", "--coffee", "latte", "--size", "venti"], 65, "unknown size 'venti'"),
            (["list", "--status", "lost"], 65, "unknown status 'lost'"),
            (["list", "--sort", "price"], 65, "unknown sort 'price'"),
            (["list", "--limit", "0"], 65, "--limit '0' is not a page size; use a whole number from 1 to 1000"),
            (["list", "--after", "page2"], 65, "'page2' is not where a page ended"),
            (["report", "--date", "14/03/2026"], 65, "YYYY-MM-DD"),
            (["show", "xyz"], 64, "is not an order id"),
            (["show", "abc"], 66, "no order abc"),
            (["order", "--name", "Ada", "--coffee", " ", "--size", "small"], 65, "choose one with --coffee"),
            (
                ["order", "--name", " ", "--coffee", "tea", "--size", "venti"], 65,
                "3 problems with the order: the customer name is empty; give one with --name; 'tea' is not on the menu"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try coffee.runner.run(arguments + ["--db", coffee.database])
            #expect(result.status == status, "\(arguments)")
            #expect(
                result.stderr.hasPrefix("coffee: error: ") && result.stderr.contains(message),
                "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try coffee.orders().isEmpty)
        #expect(try coffee.runner.run(["list", "--format", "xml"]).status == 64)
        let notAServer = try coffee.runner.run(["list", "--server", "ftp://example"])
        #expect(notAServer.status == 64)
        #expect(
            notAServer.stderr
                == "coffee: error: 'ftp://example' is not a server URL; pass one like http://127.0.0.1:8080 to --server\n"
        )
    }

    @Test("plain output is one tab-separated record a line, no header, nothing cut; table still means text")
    func plain() throws {
        let coffee = try Coffee()
        let name = String(repeating: "Ada ", count: 12) + "Lovelace"
        try coffee.run("order", "--name", name, "--coffee", "latte", "--size", "small")
        let id = try #require(try coffee.orders().first?["id"] as? String)
        let list = try coffee.run("list", "--format", "plain")
        #expect(list.status == 0)
        let fields = list.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(fields.count == 1)
        #expect(fields.first?.prefix(6).map(String.init) == [id, name, "Latte", "small", "placed", "$4.00"])
        let menu = try coffee.run("menu", "--format", "plain").stdout
        #expect(menu.split(separator: "\n").first == "Espresso\t$3.00\t$3.50\t$4.00")
        #expect(try coffee.run("list", "--format", "table").stdout.contains("CUSTOMER"))
        #expect(try coffee.run("show", id, "--format", "plain").stdout.hasPrefix(id + "\t" + name + "\t"))
    }

    @Test("an ambiguous prefix lists the orders it matches")
    func ambiguousPrefix() throws {
        let coffee = try Coffee()
        // 17 ids over 16 hex digits: at least two share their first character.
        for index in 0..<17 { try coffee.run("order", "--name", "C\(index)", "--coffee", "latte", "--size", "small") }
        let ids = try coffee.orders().compactMap { $0["id"] as? String }
        let shared = try #require(Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 })
        let result = try coffee.run("show", String(shared.key))
        #expect(result.status == 64)
        #expect(result.stderr.contains("matches \(shared.value.count) orders"))
        for id in shared.value.prefix(5) { #expect(result.stderr.contains(id.prefix(8))) }
    }

    @Test("a pipe with no COLUMNS gets whole customer names; a width cuts them by display width")
    func tablesAreCutOnlyForAWidth() throws {
        let coffee = try Coffee()
        let name = "李小龍 " + String(repeating: "Longname ", count: 5) + "End"
        try coffee.run("order", "--name", name, "--coffee", "latte", "--size", "small")
        let piped = try coffee.run("list", environment: ["COLUMNS": ""])
        #expect(piped.stdout.contains(name))
        let narrow = try coffee.run("list", environment: ["COLUMNS": "80"])
        #expect(!narrow.stdout.contains(name))
        #expect(narrow.stdout.contains("李小龍 Longname"))
        #expect(narrow.stdout.contains("…"))
    }
}
