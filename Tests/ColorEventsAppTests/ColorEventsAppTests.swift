import ColorEventsEntity
import Core
import Foundation
import TestSupport
import Testing

@Suite("The color-events binary")
struct ColorEventsAppTests {
    let binary = BinaryRunner(product: "color-events")

    /// Runs the binary on a journal in `directory`.
    func run(_ arguments: [String], in directory: TemporaryDirectory, input: String? = nil) throws
        -> BinaryRunner.Result
    {
        // An empty STRATA_COLOR_EVENTS_DB would be a usage error; the tests' own variable must not leak in.
        try binary.run(
            arguments,
            environment: [
                "XDG_DATA_HOME": directory.url.path,
                "STRATA_COLOR_EVENTS_DB": directory.path("strata/color-events.sqlite").path,
            ], input: input)
    }

    func colours(seed: UInt64, count: Int) -> [RGBColor] {
        let source = RandomSource.seeded(seed)
        return (0..<count).map { _ in RGBColor.random(using: source) }
    }

    @Test("send with a seed changes both sides and prints every screen")
    func send() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["send", "--seed", "42", "changeBothSidesColors"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let (left, right) = (colours(seed: 42, count: 2)[0], colours(seed: 42, count: 2)[1])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "sent #1 changeBothSidesColors: Left.changeLeftColor(\(left.hex)), Right.changeRightColor(\(right.hex))"
        )
        #expect(lines.contains { $0.hasPrefix("left") && $0.contains(left.nearestName) && $0.contains(left.hex) })
        #expect(lines.contains { $0.hasPrefix("right") && $0.contains(right.nearestName) && $0.contains(right.hex) })
        #expect(lines.contains { $0.hasPrefix("center") && !$0.contains("#") && $0.contains("selected") })
        #expect(!result.stdout.contains("\u{1B}["), "no escape codes under NO_COLOR")
    }

    @Test("send --format json, then replay gives the same screens")
    func jsonAndReplay() throws {
        let directory = try TemporaryDirectory()
        let sent = try run(
            [
                "send", "--seed", "3", "--format", "json", "changeLeftColor", "startLoading", "finishLoading",
                "selectRight",
            ], in: directory)
        #expect(sent.status == 0, "\(sent.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
        let screens = try #require(object["screens"] as? [String: Any])
        #expect(screens["selectedTab"] as? String == "right")
        #expect((object["sent"] as? [Any])?.count == 4)
        let replayed = try run(["replay", "--format", "json"], in: directory)
        #expect(replayed.status == 0)
        let replayedObject = try JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? NSDictionary
        #expect(replayedObject == screens as NSDictionary)
    }

    @Test("the events table lists every event and its actions")
    func events() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["events"], in: directory)
        #expect(result.status == 0)
        for event in Event.allCases { #expect(result.stdout.contains(event.rawValue)) }
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("changeBothSidesColors") }
        #expect(row?.contains("Left.changeLeftColor(random), Right.changeRightColor(random)") == true)
    }

    @Test("the journal lists sent events with their colours, --limit keeping the latest")
    func journal() throws {
        let directory = try TemporaryDirectory()
        let before = try run(["journal"], in: directory)
        #expect(before.status == 66 && before.stderr.hasPrefix("color-events: error: there is no journal at "))
        _ = try run(["send", "--seed", "9", "changeRightColor", "reset"], in: directory)
        let all = try run(["journal"], in: directory)
        let right = colours(seed: 9, count: 1)[0]
        #expect(all.stdout.contains("changeRightColor") && all.stdout.contains("\(right.nearestName) \(right.hex)"))
        let last = try run(["journal", "--limit", "1"], in: directory)
        #expect(last.stdout.contains("reset") && !last.stdout.contains("changeRightColor"))
        let negative = try run(["journal", "--limit", "-1"], in: directory)
        #expect(negative.status == 64)
    }

    @Test(
        "--database keeps the journal in PostgreSQL: two commands share it, replay rebuilds it; a bad URL, a second store or no server is one line"
    )
    func postgres() async throws {
        let directory = try TemporaryDirectory()
        let url = try await PostgresCluster.makeDatabase()
        let first = try run(["send", "--database", url, "--seed", "9", "changeRightColor"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try run(["send", "--database", url, "--seed", "9", "changeLeftColor"], in: directory)
        #expect(second.stdout.hasPrefix("sent #2 changeLeftColor"), "\(second.stdout)\(second.stderr)")
        let journal = try run(["journal", "--database", url, "--format", "plain"], in: directory)
        #expect(journal.stdout.split(separator: "\n").count == 2, "\(journal.stdout)")
        let replay = try run(["replay", "--database", url, "--format", "json"], in: directory)
        let send = try run(
            ["send", "--db", directory.path("other.sqlite").path, "--format", "json", "reset"], in: directory)
        #expect(replay.status == 0 && send.status == 0)
        #expect(try run(["journal"], in: directory).status == 66, "the file was never written")

        let notPostgres = try run(["journal", "--database", "mysql://ada@localhost/colors"], in: directory)
        #expect(notPostgres.status == 64)
        #expect(
            notPostgres.stderr
                == "color-events: error: 'mysql://ada@localhost/colors' is not a PostgreSQL URL; pass one like postgres://user@127.0.0.1:5432/colors to --database\n"
        )
        let both = try run(["journal", "--database", url, "--db", "x.sqlite"], in: directory)
        #expect(both.status == 64)
        #expect(both.stderr == "color-events: error: give one of --database, --db, not several\n")
        let refused = try run(
            ["send", "reset", "--database", "postgres://ada:hunter2@127.0.0.1:1/colors"], in: directory)
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "color-events: error: cannot use PostgreSQL at postgres://ada@127.0.0.1:1/colors: could not connect: connection refused; check that the server runs and the URL given to --database or $STRATA_COLOR_EVENTS_DATABASE_URL\n"
        )
    }

    @Test("an unknown event is one line listing the known ones, exit 64, and nothing is sent")
    func unknownEvent() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["send", "changeLeftColor", "paint"], in: directory)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "color-events: error: unknown event 'paint'; known events: initial, changeBothSidesColors") == true)
        #expect(try run(["journal"], in: directory).status == 66, "no journal was even created")
    }

    @Test("interactive mode reads keys from a pipe and redraws the panes when presenters change")
    func interactive() throws {
        let directory = try TemporaryDirectory()
        // l: the Left colour; an empty line: Enter, the Center button; 3: the Right tab; z: nothing; q: quit.
        let result = try run(["run", "--seed", "5"], in: directory, input: "l\n\n3z\nq\nr\n")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = result.stdout.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        #expect(frames.count == 4, "first frame, then one per change: \(frames)")
        let drawn = colours(seed: 5, count: 3)  // l draws one, Enter two
        #expect(frames[1].contains(drawn[0].hex) && frames[1].contains("no colour"))
        #expect(frames[2].contains(drawn[1].hex) && frames[2].contains(drawn[2].hex))
        #expect(frames[3].contains("[Right]"))
        #expect(frames[0].contains("( Change colors )"))
        let journal = try run(["journal", "--format", "json"], in: directory)
        let entries = try JSONSerialization.jsonObject(with: Data(journal.stdout.utf8)) as? [[String: Any]]
        #expect(
            entries?.compactMap { $0["event"] as? String } == [
                "changeLeftColor", "changeBothSidesColors", "selectRight",
            ])
        let replay = try run(["replay"], in: directory)
        #expect(replay.stdout.contains(drawn[1].hex) && replay.stdout.contains(drawn[2].hex))
    }

    @Test("with no subcommand and no terminal, it prints the screens")
    func bare() throws {
        let directory = try TemporaryDirectory()
        let result = try run([], in: directory, input: "")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("SCREEN"))
    }

    @Test("--format plain prints tab-separated records with no header")
    func plain() throws {
        let directory = try TemporaryDirectory()
        let sent = try run(
            ["send", "--seed", "9", "--format", "plain", "changeRightColor", "selectRight"], in: directory)
        let right = colours(seed: 9, count: 1)[0]
        #expect(
            sent.stdout
                == "1\tchangeRightColor\tRight.changeRightColor(\(right.hex))\n2\tselectRight\tTabs.select(right)\n")
        let journal = try run(["journal", "--format", "plain"], in: directory)
        let fields = journal.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(fields.map(\.count) == [4, 4])
        #expect(fields.first?.last.map(String.init) == right.hex)
        let replay = try run(["replay", "--format", "plain"], in: directory)
        #expect(
            replay.stdout.split(separator: "\n").last == "right\tinitial\t\(right.hex)\t\(right.nearestName)\tselected")
        let events = try run(["events", "--format", "plain"], in: directory)
        #expect(events.stdout.split(separator: "\n").count == Event.allCases.count)
        #expect(!events.stdout.contains("EVENT"))
    }

    @Test("a failed screen is worded in JSON and the panes, with the key to press")
    func failedScreen() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["send", "--format", "json", "startLoading", "failLoading"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"message\" : \"loading failed; send reset (press x) to start again\""))
    }
}
