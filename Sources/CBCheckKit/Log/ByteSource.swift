import CZlib
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a log's bytes come from: a file descriptor, or a gzip stream over one.
public protocol ByteSource {
    /// Reads at most `count` bytes into `destination`; 0 at the end.
    /// - Throws: `LogInputError.readFailed` with the path and the reason.
    func read(into destination: UnsafeMutableRawPointer, count: Int, path: String) throws(LogInputError) -> Int
}

/// `read(2)` on a descriptor, retried on `EINTR`.
public struct DescriptorSource: ByteSource {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func read(into destination: UnsafeMutableRawPointer, count: Int, path: String) throws(LogInputError) -> Int {
        while true {
            #if canImport(Glibc)
                let read = Glibc.read(descriptor, destination, count)
            #else
                let read = Darwin.read(descriptor, destination, count)
            #endif
            if read >= 0 { return read }
            if errno != EINTR { throw LogInputError.readFailed(path: path, reason: String(cString: strerror(errno))) }
        }
    }
}

/// A gzip-compressed log read through zlib, decompressed as it streams. A file cut short is a
/// read error after the lines before the cut were delivered, never a silent end.
public final class GzipSource: ByteSource {
    private let file: gzFile

    /// - Parameter descriptor: stays the caller's: zlib reads a duplicate and closes that.
    public init(descriptor: Int32, path: String) throws(LogInputError) {
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let file = gzdopen(duplicate, "rb") else {
            if duplicate >= 0 { close(duplicate) }
            throw LogInputError.readFailed(path: path, reason: "cannot open the gzip stream")
        }
        gzbuffer(file, 256 * 1024)
        self.file = file
    }

    deinit { gzclose(file) }

    public func read(into destination: UnsafeMutableRawPointer, count: Int, path: String) throws(LogInputError) -> Int {
        let read = gzread(file, destination, UInt32(min(count, Int(Int32.max))))
        var code: Int32 = 0
        var message = gzerror(file, &code).map { String(cString: $0) } ?? "unknown error"
        // zlib names the stream `<fd:4>: …`; the path is already in the message.
        if message.hasPrefix("<fd:"), let colon = message.firstIndex(of: ":"),
            let rest = message[colon...].dropFirst().split(separator: ":", maxSplits: 1).last
        {
            message = rest.trimmingCharacters(in: .whitespaces)
        }
        if read < 0 || (read == 0 && code != Z_OK && code != Z_STREAM_END) {
            let reason = code == Z_BUF_ERROR ? "the gzip data ends early (\(message))" : "bad gzip data (\(message))"
            throw LogInputError.readFailed(path: path, reason: reason)
        }
        return Int(read)
    }

    /// Whether `bytes` start with the gzip magic number (1F 8B).
    public static func isGzip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }
}
