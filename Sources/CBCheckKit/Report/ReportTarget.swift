#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a report path (`--output`, `--report FORMAT=FILE`, `--write-baseline`) names, which decides
/// how the report may be written there. Renaming a temporary file over the path is right only for
/// a regular file or a new path: over a FIFO or a device node it would replace the node with a
/// regular file (as root, `--output /dev/null` once did), over a socket it would unlink the socket.
enum ReportTarget: Equatable {
    /// A regular file or a path where nothing is yet: written to a temporary file beside it, then
    /// renamed over it, so a reader never sees half a report. `path` is where a symbolic link leads,
    /// so the link stays a link.
    case file(path: String)
    /// A FIFO or a character device (`/dev/null`, a terminal, the pipe of a shell's `>(…)`): opened
    /// and written into as it is, as `echo >` would. Opening a FIFO waits for its reader.
    case stream(path: String)
    /// The process's own standard output or error, by whatever name (`/dev/stdout`,
    /// `/proc/self/fd/1`, the file `>` sent it to): written through that descriptor, at its offset,
    /// so a shell's `>>` still appends and nothing in `/dev` is renamed.
    case descriptor(Int32)
    /// Not written, for `reason` (`is a directory`): exit status 2.
    case refused(reason: String)

    /// Links followed before a path counts as a loop, as the kernel's own limit (40 on Linux).
    static let maximumLinks = 40

    init(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let failure = errno
            var link = stat()
            if failure == ENOENT, lstat(path, &link) == 0 {
                // A symbolic link to nothing yet: the report is made where it leads.
                self = Self.danglingLinkEnd(path).map { .file(path: $0) } ?? .refused(reason: Self.reason(ELOOP))
            } else {
                self = failure == ENOENT ? .file(path: path) : .refused(reason: Self.reason(failure))
            }
            return
        }
        if let descriptor = Self.standardDescriptor(sameAs: info) {
            self = .descriptor(descriptor)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file(path: Self.realPath(path) ?? path)
        case S_IFIFO, S_IFCHR: self = .stream(path: path)
        case S_IFDIR: self = .refused(reason: "is a directory")
        case S_IFSOCK: self = .refused(reason: "is a socket")
        case S_IFBLK: self = .refused(reason: "is a block device (a disk, not written to)")
        default: self = .refused(reason: "is not a regular file")
        }
    }

    // MARK: - Private

    /// Standard output or error when `info` is the file one of them is open on (same device and inode).
    private static func standardDescriptor(sameAs info: stat) -> Int32? {
        for descriptor: Int32 in [1, 2] {
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino {
                return descriptor
            }
        }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The missing path a chain of symbolic links ends at, or `nil` past `maximumLinks` links.
    private static func danglingLinkEnd(_ path: String) -> String? {
        var current = path
        for _ in 0..<maximumLinks {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { return current }  // not a link: the end of the chain
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let directory = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
            current = target.hasPrefix("/") ? target : directory + target
        }
        return nil
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
