import Testing

@testable import StrataScaffold

@Suite("Feature names")
struct FeatureNameTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String, kebab: String, camel: String, snake: String, title: String
        var testDescription: String { name }
    }

    static let inflections: [Case] = [
        Case(name: "Notes", kebab: "notes", camel: "notes", snake: "notes", title: "Notes"),
        Case(
            name: "ColorEvents", kebab: "color-events", camel: "colorEvents", snake: "color_events",
            title: "Color Events"),
        Case(name: "HTTPLogs", kebab: "http-logs", camel: "httpLogs", snake: "http_logs", title: "HTTP Logs"),
        Case(name: "IOStats", kebab: "io-stats", camel: "ioStats", snake: "io_stats", title: "IO Stats"),
        Case(
            name: "OAuth2Tokens", kebab: "oauth2-tokens", camel: "oauth2Tokens", snake: "oauth2_tokens",
            title: "OAuth2 Tokens"),
        Case(name: "UserBonus", kebab: "user-bonus", camel: "userBonus", snake: "user_bonus", title: "User Bonus"),
        Case(
            name: "Base64Codec", kebab: "base64-codec", camel: "base64Codec", snake: "base64_codec",
            title: "Base64 Codec"),
        Case(name: "S3Buckets", kebab: "s3-buckets", camel: "s3Buckets", snake: "s3_buckets", title: "S3 Buckets"),
        Case(name: "ABTest", kebab: "ab-test", camel: "abTest", snake: "ab_test", title: "AB Test"),
        Case(
            name: "MyGraphQLAPI", kebab: "my-graphql-api", camel: "myGraphQLAPI", snake: "my_graphql_api",
            title: "My GraphQL API"),
        Case(name: "HTTP", kebab: "http", camel: "http", snake: "http", title: "HTTP"),
        Case(name: "Papers2", kebab: "papers2", camel: "papers2", snake: "papers2", title: "Papers2"),
        Case(name: "XRay", kebab: "x-ray", camel: "xRay", snake: "x_ray", title: "X Ray"),
    ]

    @Test("derived names", arguments: inflections)
    func derived(_ expected: Case) throws {
        let name = try FeatureName(expected.name)
        #expect(name.kebabCase == expected.kebab)
        #expect(name.camelCase == expected.camel)
        #expect(name.snakeCase == expected.snake)
        #expect(name.title == expected.title)
    }

    @Test(
        "bad names are usage errors that say what a good name looks like",
        arguments: [
            "", "notes", "N", "Color-Events", "Color Events", "Ünicode", "2Fast", String(repeating: "A", count: 41),
            "Self", "Type", "Protocol", "Any", "Default", "Return",
        ])
    func rejected(_ name: String) {
        let error = #expect(throws: StrataError.self) { try FeatureName(name) }
        #expect(error?.kind == .usage)
        #expect(error?.message.contains("UpperCamelCase") == true)
        #expect(error?.exitCode == 64)
    }

    @Test("a kebab, snake or lower-camel name gets an UpperCamelCase suggestion")
    func suggestion() {
        for (name, expected) in [
            ("color-events", "ColorEvents"), ("http_logs", "HttpLogs"), ("notes", "Notes"),
            ("Color Events", "ColorEvents"),
        ] {
            let error = #expect(throws: StrataError.self) { try FeatureName(name) }
            #expect(error?.message.contains("did you mean \(expected)?") == true, "\(name)")
        }
    }

    @Test("the longest and shortest names pass")
    func bounds() throws {
        #expect(try FeatureName("AB").kebabCase == "ab")
        #expect(try FeatureName(String(repeating: "A", count: 40)).name.count == 40)
    }
}
