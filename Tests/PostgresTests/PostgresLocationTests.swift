import Postgres
import Testing

@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
    @Test("a full URL gives host, port, user, password, database and TLS mode")
    func full() throws {
        let location = try #require(PostgresLocation("postgres://ada:s3cr%40t@db.example:6543/orders?sslmode=require"))
        #expect(location.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(location.user == "ada")
        #expect(location.password == "s3cr@t")
        #expect(location.database == "orders")
        #expect(location.tls == .require)
        #expect(location.redacted == "postgres://ada@db.example:6543/orders")
    }

    @Test("missing parts take libpq's defaults: port 5432, the user's database, TLS preferred")
    func defaults() throws {
        let location = try #require(PostgresLocation("postgresql://ada@localhost"))
        #expect(location.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(location.database == "ada")
        #expect(location.password == nil)
        #expect(location.tls == .prefer)
    }

    @Test("verify-ca and verify-full name how the certificate is checked; sslrootcert names the authorities")
    func verification() throws {
        let full = try #require(
            PostgresLocation("postgres://ada@db.example/orders?sslmode=verify-full&sslrootcert=/etc/ca.pem"))
        #expect(full.tls == .verifyFull)
        #expect(full.rootCertificates == "/etc/ca.pem")
        let system = try #require(
            PostgresLocation("postgres://ada@db.example/orders?sslmode=verify-ca&sslrootcert=system"))
        #expect(system.tls == .verifyCA)
        #expect(system.rootCertificates == nil)
    }

    @Test("a socket folder is given as ?host=/folder")
    func socket() throws {
        let location = try #require(PostgresLocation("postgres://ada@/orders?host=/run/postgresql&port=5433"))
        #expect(location.endpoint == .socket(folder: "/run/postgresql", port: 5432))
        let withPort = try #require(PostgresLocation("postgres://ada@:5433/orders?host=/run/postgresql"))
        #expect(withPort.endpoint == .socket(folder: "/run/postgresql", port: 5433))
    }

    @Test(
        "what is not a postgres URL with a user and a host is refused",
        arguments: [
            "", "orders.sqlite", "http://ada@localhost/orders", "postgres://localhost/orders", "postgres:///orders",
            "postgres://ada@localhost:99999/orders", "postgres://ada@localhost/orders?sslmode=allow",
            "postgres://ada@/orders?host=relative",
        ])
    func refused(_ text: String) {
        #expect(PostgresLocation(text) == nil)
    }

    @Test("redacting text that did not parse still drops the password")
    func redacting() {
        #expect(PostgresLocation.redacting("postgres://ada:hunter2@/x?host=") == "postgres://ada@/x?host=")
        #expect(PostgresLocation.redacting("mysql://root:pw@h:1/db") == "mysql://root@h:1/db")
        #expect(PostgresLocation.redacting("not a url") == "not a url")
    }
}
