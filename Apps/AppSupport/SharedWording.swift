import Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The words for errors of the shared infrastructure, the same in every app.
public enum SharedWording {
    /// The line for `error`, for any error no feature words itself.
    public static func message(for error: any DomainError) -> String {
        switch error {
        case let error as MessageError: error.message
        case let error as StorageError: storage(error)
        case let error as TransferError: transfer(error)
        case let error as OutputError: output(error)
        case let error as UnexpectedError: "unexpected error: \(Quote.text(error.description)); this is a bug"
        default: "unexpected \(error.kind.rawValue) error: \(Quote.text(String(describing: error))); this is a bug"
        }
    }

    static func storage(_ error: StorageError) -> String {
        let file = error.path.map { " at \(Quote.path($0))" } ?? ""
        switch error.cause {
        case .busy:
            return "another process is writing to the database\(file); wait for it to finish and retry"
        case .missing:
            return "there is no database\(file) (nothing was created); check the path, or pass the right file with --db"
        case .needsUpgrade:
            return
                "the database\(file) was written by an older version and must be upgraded, but it is read-only; make it writable once (chmod u+w) and retry"
        case .newerVersion, .damaged, .notOurs:
            return unusable(error, app: "this program", noun: "database") ?? error.reason
        case .constraint:
            return
                "the database\(file) refused the change: \(Quote.text(error.reason)); its tables are not the ones this version writes (another program or version changed them), so nothing was written"
        case .unavailable:
            return "the database\(file) does not answer (\(Quote.text(error.reason))); check that it runs, then retry"
        case .passwordRequired:
            return
                "the database\(file) asks for a password and none was given; give the password with the database's address"
        case .tlsUnsupported:
            return "the database\(file) does not offer an encrypted connection (TLS), which its address requires"
        case .tlsRequired:
            return "the database\(file) refuses a connection without encryption (TLS), which its address turns off"
        case .certificateRejected:
            return "the database\(file) could not be verified: \(error.reason)"
        case .failed: break
        }
        switch error.operation {
        case .open: return "cannot open the database\(file): \(error.reason); check the path or pass another with --db"
        case .read: return "reading the database\(file) failed: \(error.reason)"
        case .write: return "writing the database\(file) failed: \(error.reason); check the disk and its permissions"
        }
    }

    /// The line for a read that found no file: what the app calls the file, and the command that starts one.
    ///
    /// - Parameters:
    ///   - noun: what the file holds, such as `library`.
    ///   - start: how to start one, such as ``papers import FILE` starts one`.
    public static func missing(_ error: StorageError, noun: String, start: String) -> String {
        let file = error.path.map { " at \(Quote.path($0))" } ?? ""
        return "there is no \(noun)\(file) yet (nothing was created); \(start), or pass the right file with --db"
    }

    /// The line for a failure of `app`'s PostgreSQL database: the URL (never with its password)
    /// and what to check; `nil` for a file's failure.
    public static func postgres(_ error: StorageError, app: String) -> String? {
        guard let url = error.path, url.hasPrefix("postgres://") else { return nil }
        let variable = "$\(DatabaseURL.variable(app: app))"
        switch error.cause {
        case .busy:
            return "PostgreSQL at \(url) gave up the change for a concurrent one (\(error.reason)); retry it"
        case .passwordRequired:
            return
                "PostgreSQL at \(url) asks for a password and the URL has none; put it in the URL given to --database or \(variable), as postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        case .tlsUnsupported:
            return
                "PostgreSQL at \(url) does not offer TLS, which the URL requires (sslmode=require); turn on ssl in the server's postgresql.conf, or on a network you trust connect with ?sslmode=disable (or prefer)"
        case .tlsRequired:
            return
                "PostgreSQL at \(url) refuses this connection without TLS (its pg_hba.conf has no line for it without encryption); drop sslmode=disable from the URL (sslmode=prefer, the default, encrypts when the server can), or add a host line for it to the server's pg_hba.conf"
        case .certificateRejected:
            return
                "PostgreSQL at \(url) could not be verified: \(error.reason); give the authority's certificate with ?sslrootcert=FILE and a host the certificate names, or encrypt without verifying with sslmode=require"
        case .unavailable where error.operation != .open:
            return
                "PostgreSQL at \(url) does not answer (\(Quote.text(error.reason))); check that the server runs, then retry"
        default: break
        }
        switch error.operation {
        case .open:
            return
                "cannot use PostgreSQL at \(url): \(Quote.text(error.reason)); check that the server runs and the URL given to --database or \(variable)"
        case .read, .write:
            return "PostgreSQL at \(url) failed: \(Quote.text(error.reason))"
        }
    }

    /// The line for a file the app cannot use as it is: written by a newer version, damaged, or
    /// not one of the app's databases; `nil` for any other storage failure.
    ///
    /// - Parameters:
    ///   - app: the program's name, such as `coffee`.
    ///   - noun: what the file holds, such as `library`.
    public static func unusable(_ error: StorageError, app: String, noun: String) -> String? {
        let file = error.path.map { " at \(Quote.path($0))" } ?? ""
        switch error.cause {
        case .newerVersion:
            return
                "the \(noun)\(file) was written by a newer version of \(app) (it records migrations \(Quote.text(error.reason)) this version does not know): upgrade \(app) to use it; nothing was changed"
        case .damaged:
            return
                "the \(noun)\(file) is damaged: \(Quote.text(error.reason)); restore it from a backup (nothing was written to it)"
        case .notOurs:
            let what =
                switch error.reason {
                case "empty": "it is empty"
                case "not an SQLite database": "it is not an SQLite file"
                default: "it holds other tables: \(Quote.text(error.reason))"
                }
            let name = error.path.map { Quote.path($0) } ?? "the file"
            return
                "\(name) is not a \(app) database (\(what)); pass the right file with --db, or move this one away to start a new \(noun)"
        case .failed, .busy, .missing, .needsUpgrade, .constraint, .unavailable, .passwordRequired, .tlsUnsupported,
            .tlsRequired, .certificateRejected:
            return nil
        }
    }

    /// The line for output that did not arrive: where it went, why, and what to check.
    public static func output(_ error: OutputError) -> String {
        let place =
            switch error.target {
            case .standardOutput: "standard output"
            case .file(let path): Quote.path(path)
            }
        let why =
            switch error.code {
            case ENOSPC: "the disk is full"
            case EDQUOT: "the disk quota is used up"
            case EPIPE: "the program reading it stopped reading"
            case EBADF where error.target == .standardOutput: "standard output is closed"
            case EIO: "the device failed (input/output error)"
            case ENOENT: "its folder does not exist"
            case EACCES, EPERM: "permission denied"
            case EROFS: "the file system is read-only"
            default: Quote.text(error.reason)
            }
        let verb =
            switch error.operation {
            case .open: "cannot open"
            case .write: "cannot write to"
            case .flush: "cannot finish writing"
            case .replace: "cannot put the new file in place of"
            }
        let advice =
            switch error.target {
            case .standardOutput: "the output is incomplete; free space or fix the redirect and run it again"
            case .file: "the file was left as it was; check the folder, its space and its permissions"
            }
        return "\(verb) \(place): \(why); \(advice)"
    }

    static func transfer(_ error: TransferError) -> String {
        let tries = error.attempts == 1 ? "1 attempt" : "\(error.attempts) attempts"
        let request = Quote.text(error.request, limit: 200)
        return switch error.failure {
        case .timedOut: "\(request) timed out after \(tries); check the address or your connection and try again"
        case .connectionFailed(let reason):
            "\(request) failed after \(tries): \(reason); check the address or your connection"
        case .status(let status):
            "\(request) answered HTTP \(status) after \(tries); the server is busy or failing, try again later"
        case .responseTooLarge(let limit):
            "\(request): the response is larger than \(limit) bytes; ask for less (a smaller page or limit)"
        case .retryAfterTooLong(let status, let seconds) where seconds > 86_400:
            "\(request): HTTP \(status), and the server asks to wait more than a day; try again later"
        case .retryAfterTooLong(let status, let seconds):
            "\(request): HTTP \(status), and the server asks to wait \(seconds) s; try again later"
        case .tooSlow(let seconds):
            "\(request): the answer was still arriving after \(seconds) s, \(tries); the server or the connection is too slow, try again later"
        case .redirectLoop(let location):
            "\(request) redirects in a loop (back to \(Quote.text(location, limit: 200))); check the address"
        case .tooManyRedirects(let limit):
            "\(request) redirects more than \(limit) times; check the address"
        }
    }
}
