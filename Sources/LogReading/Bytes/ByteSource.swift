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
