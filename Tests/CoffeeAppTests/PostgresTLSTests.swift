import Foundation
import TestSupport
import Testing

/// `coffee` on PostgreSQL servers that differ in TLS, with every `sslmode` libpq has but `allow`.
@Suite("coffee and PostgreSQL's TLS")
struct PostgresTLSTests {
    let coffee = BinaryRunner(product: "coffee")

    @Test("a URL that requires TLS of a server without it fails in our words, saying how to connect")
    func serverWithoutTLS() async throws {
        let url = try await PostgresCluster.makeDatabase() + "?sslmode=require"
        for arguments in [["list", "--database", url], ["serve", "--port", "0", "--database", url]] {
            let failed = try await coffee.runOffPool(arguments, timeout: 30)
            #expect(failed.status == 74, "\(arguments[0])")
            #expect(failed.stderr.contains("does not offer TLS") && failed.stderr.contains("sslmode=disable"))
            #expect(!failed.stderr.contains("sslUnsupported") && !failed.stderr.contains("PSQL"), "\(failed.stderr)")
        }
    }

    @Test(
        "a server that takes TLS only, with a self-signed certificate: prefer and require connect as libpq does; disable and a failed verification fail in our words"
    )
    func serverRequiringTLS() async throws {
        let cluster = try PostgresCluster.makeOwnCluster()
        defer { cluster.remove() }
        // The certificate names `localhost` only: right for verify-ca, wrong for verify-full at 127.0.0.1.
        let certificate = try cluster.requireTLS(subjectAltName: "DNS:localhost")
        let url = cluster.url
        try await waitUntilRefused(url + "?sslmode=disable")

        for mode in ["", "?sslmode=prefer", "?sslmode=require", "?sslmode=verify-ca&sslrootcert=\(certificate)"] {
            let listed = try await coffee.runOffPool(["list", "--database", url + mode], timeout: 30)
            #expect(listed.status == 0, "\(mode): \(listed.stderr)")
        }

        let plain = try await coffee.runOffPool(["list", "--database", url + "?sslmode=disable"], timeout: 30)
        #expect(plain.status == 74)
        #expect(plain.stderr.contains("refuses this connection without TLS"), "\(plain.stderr)")
        #expect(plain.stderr.contains("drop sslmode=disable"))

        let untrusted = try await coffee.runOffPool(["list", "--database", url + "?sslmode=verify-ca"], timeout: 30)
        #expect(untrusted.status == 74)
        #expect(untrusted.stderr.contains("not signed by an authority this machine trusts"), "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("sslrootcert=FILE"))

        let otherName = try await coffee.runOffPool(
            ["serve", "--port", "0", "--database", url + "?sslmode=verify-full&sslrootcert=\(certificate)"],
            timeout: 30)
        #expect(otherName.status == 74)
        #expect(otherName.stderr.contains("does not name the host in the URL"), "\(otherName.stderr)")
        let missing = cluster.folder + "/no-such-authority.pem"
        let unreadable = try await coffee.runOffPool(
            ["list", "--database", url + "?sslmode=verify-full&sslrootcert=\(missing)"], timeout: 30)
        #expect(unreadable.status == 74)
        #expect(unreadable.stderr.contains("the sslrootcert file \(missing) cannot be read"), "\(unreadable.stderr)")
        for failed in [plain, untrusted, otherName, unreadable] {
            #expect(!failed.stderr.contains("NIOSSL") && !failed.stderr.contains("PSQL"), "\(failed.stderr)")
        }
    }

    /// Waits until the server has reloaded its host rules: a plain login is refused for want of TLS.
    ///
    /// - Throws: `Waiting.Failure` when it is still let in after the wait.
    private func waitUntilRefused(_ url: String) async throws {
        try await Waiting.until("the server to refuse a login without TLS", interval: .milliseconds(250)) {
            try await coffee.runOffPool(["list", "--database", url], timeout: 30).stderr.contains("without TLS")
        }
    }
}
