import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a port on 127.0.0.1, as a file descriptor, for tests that speak HTTP by hand.
public enum LoopbackSocket {
    /// Why no connection was made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A connected socket to 127.0.0.1:`port`, whose reads give up after `readTimeout` seconds
    /// (0: never); the caller closes it.
    public static func connect(port: Int, readTimeout: Int = 0) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        if readTimeout > 0 {
            var limit = timeval(tv_sec: readTimeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "nothing accepts connections on 127.0.0.1:\(port)")
        }
        return fd
    }
}
