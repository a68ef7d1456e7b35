import CZlib

/// A gzip-compressed log decompressed as it streams, through zlib's `inflate`. Damage is a read
/// error that comes after every byte before it was delivered, never a silent end and never a loss
/// of what was intact: `gzread` returned nothing for the last buffer when the trailer's checksum
/// was wrong, so a small file with a bad checksum lost every finding. Members written one after
/// another (`cat a.gz b.gz`) are read in turn; bytes after the last member that are no gzip
/// member are ignored, as `gunzip` does.
public final class GzipSource: ByteSource {
    private let input: DescriptorSource
    private var stream = z_stream()
    private let buffer: UnsafeMutablePointer<UInt8>
    private static let bufferSize = 256 * 1024
    private var inputEnded = false
    private var finished = false
    /// The damage found, reported at the next read once the bytes before it are delivered.
    private var damage: String?

    /// - Parameter descriptor: stays the caller's, which closes it.
    public init(descriptor: Int32, path: String) throws(LogInputError) {
        input = DescriptorSource(descriptor: descriptor)
        buffer = .allocate(capacity: Self.bufferSize)
        guard cbcheck_inflate_init_gzip(&stream) == Z_OK else {
            buffer.deallocate()
            throw LogInputError.readFailed(path: path, reason: "cannot open the gzip stream")
        }
    }

    deinit {
        inflateEnd(&stream)
        buffer.deallocate()
    }

    public func read(into destination: UnsafeMutableRawPointer, count: Int, path: String) throws(LogInputError) -> Int {
        if let damage { throw LogInputError.readFailed(path: path, reason: damage) }
        guard !finished, count > 0 else { return 0 }
        let requested = min(count, Int(UInt32.max))
        stream.next_out = destination.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(requested)
        while stream.avail_out > 0, damage == nil, !finished {
            if stream.avail_in == 0, !inputEnded { try refill(path) }
            let code = inflate(&stream, Z_NO_FLUSH)
            switch code {
            case Z_OK: continue
            case Z_STREAM_END: try startNextMember(path)
            case Z_BUF_ERROR where stream.avail_in == 0 && inputEnded:
                damage = "the gzip data ends early (unexpected end of file)"
            case Z_BUF_ERROR: continue
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(code)"
                damage = "bad gzip data (\(message))"
            }
        }
        let produced = requested - Int(stream.avail_out)
        if produced == 0, let damage { throw LogInputError.readFailed(path: path, reason: damage) }
        return produced
    }

    /// Whether `bytes` start with the gzip magic number (1F 8B).
    public static func isGzip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    // MARK: - Private

    private func refill(_ path: String) throws(LogInputError) {
        let read = try input.read(into: buffer, count: Self.bufferSize, path: path)
        if read == 0 {
            inputEnded = true
        } else {
            stream.next_in = buffer
            stream.avail_in = UInt32(read)
        }
    }

    /// After a member's trailer: another member if the next bytes start one, else the end.
    private func startNextMember(_ path: String) throws(LogInputError) {
        if stream.avail_in == 0, !inputEnded { try refill(path) }
        guard stream.avail_in >= 2, stream.next_in[0] == 0x1F, stream.next_in[1] == 0x8B else {
            finished = true
            return
        }
        inflateReset(&stream)
    }
}
