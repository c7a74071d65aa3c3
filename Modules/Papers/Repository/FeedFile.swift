import CZlib
import Foundation
import PapersEntity

/// A file read in chunks, gzip-compressed or plain (told by its first two bytes), with the errors a person can act on.
///
/// A compressed file is inflated as it is read, so a 4 GB snapshot never sits whole in memory
/// or on disk; several gzip members one after another (`cat a.gz b.gz`) read as one stream.
final class FeedFile {
    let path: String
    private let handle: FileHandle
    private let chunkSize: Int
    private let inflater: Inflater?

    /// Opens the file at `url`.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.folderNotFile` or `.fileNotReadable`.
    init(_ url: URL, chunkSize: Int) throws {
        path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PapersError.fileNotFound(path)
        }
        guard !isDirectory.boolValue else { throw PapersError.folderNotFile(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PapersError.fileNotReadable(path, reason: nil)
        }
        self.handle = handle
        self.chunkSize = chunkSize
        let magic = try Self.read(handle, upTo: 2, path: path)
        if magic.elementsEqual([0x1F, 0x8B]) {
            inflater = try Inflater(path: path, chunkSize: chunkSize, head: magic)
        } else if url.pathExtension == "gz" {
            // Named as compressed but not starting as gzip does: cut short or damaged, not a feed to parse.
            throw PapersError.badFeed(
                source: path, problem: .damagedCompression("it does not start with gzip's header"))
        } else {
            inflater = nil
            pending = magic
        }
    }

    /// Bytes read to tell the format and not yet handed out.
    private var pending = Data()

    deinit { try? handle.close() }

    /// The first chunk, read once and handed out again by the next `read()`: how a reader tells
    /// the format of standard input, which cannot be opened twice.
    func peek() throws -> Data {
        if let peeked { return peeked }
        let chunk = try read()
        peeked = chunk
        return chunk
    }

    private var peeked: Data?

    /// The next chunk of the (inflated) content; empty at its end.
    ///
    /// - Throws: `PapersError.fileNotReadable`, or `.badFeed` (`.damagedCompression`) for a damaged or cut gzip stream.
    func read() throws -> Data {
        if let chunk = peeked {
            peeked = nil
            return chunk
        }
        if let inflater {
            return try inflater.next { try Self.read(handle, upTo: chunkSize, path: path) }
        }
        let chunk = pending + (try Self.read(handle, upTo: chunkSize - pending.count, path: path))
        pending = Data()
        return chunk
    }

    private static func read(_ handle: FileHandle, upTo count: Int, path: String) throws -> Data {
        guard count > 0 else { return Data() }
        do { return try handle.read(upToCount: count) ?? Data() } catch {
            throw PapersError.fileNotReadable(path, reason: error.localizedDescription)
        }
    }
}

/// zlib's inflate over a stream of compressed chunks.
///
/// Unchecked state: one `FeedFile` owns it and reads from one task at a time.
private final class Inflater {
    private let path: String
    private let capacity: Int
    /// zlib keeps a pointer back to its stream, so the stream lives at one address.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var input: [UInt8]
    private var inputOffset = 0
    private var atMemberEnd = false
    private var sawInput = false
    private var exhausted = false

    init(path: String, chunkSize: Int, head: Data) throws {
        self.path = path
        capacity = max(1, chunkSize)
        input = Array(head)
        stream.initialize(to: z_stream())
        // 15 + 32: the largest window, and a gzip or zlib header told apart by zlib itself.
        guard inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            throw PapersError.badFeed(source: path, problem: .damagedCompression("zlib could not start"))
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates a whole chunk (less only at the end), reading compressed chunks from `more`.
    func next(more: () throws -> Data) throws -> Data {
        var output = [UInt8](repeating: 0, count: capacity)
        var produced = 0
        while produced < capacity {
            if inputOffset == input.count {
                guard !exhausted else { break }
                input = Array(try more())
                inputOffset = 0
                if input.isEmpty {
                    exhausted = true
                    break
                }
            }
            if atMemberEnd {
                // Zero bytes after a member are padding (tape blocks, preallocated files), which
                // gzip itself ignores: skipped; anything else starts another member (`cat a.gz b.gz`).
                while inputOffset < input.count, input[inputOffset] == 0 { inputOffset += 1 }
                if inputOffset == input.count { continue }
                inflateReset(stream)
                atMemberEnd = false
            }
            sawInput = true
            let (status, used, made) = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    stream.pointee.next_in = source.baseAddress.map { $0 + inputOffset }
                    stream.pointee.avail_in = UInt32(source.count - inputOffset)
                    stream.pointee.next_out = target.baseAddress.map { $0 + produced }
                    stream.pointee.avail_out = UInt32(target.count - produced)
                    let before = (stream.pointee.avail_in, stream.pointee.avail_out)
                    let status = inflate(stream, Z_NO_FLUSH)
                    return (
                        status, Int(before.0 - stream.pointee.avail_in), Int(before.1 - stream.pointee.avail_out)
                    )
                }
            }
            inputOffset += used
            produced += made
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: atMemberEnd = true
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "inflate error \(status)"
                throw PapersError.badFeed(source: path, problem: .damagedCompression(message))
            }
        }
        if produced == 0, exhausted, sawInput, !atMemberEnd {
            throw PapersError.badFeed(source: path, problem: .damagedCompression("the gzip stream is cut short"))
        }
        return Data(output[..<produced])
    }
}
