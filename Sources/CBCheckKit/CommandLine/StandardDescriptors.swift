#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error as the process must find them before it opens anything.
public enum StandardDescriptors {
    /// Holds each of descriptors 0, 1 and 2 that the parent left closed (`cbcheck run.log >&-`)
    /// with `/dev/null` opened the wrong way round: read-only for output and error, write-only for
    /// input. Left closed, the first file cbcheck opens (a log, a report's temporary file) would
    /// become "standard output" and take the report; held like this, every write to it fails with
    /// `EBADF` and is reported (exit status 2), and reading `-` fails instead of seeing an empty log.
    public static func holdClosedOnes() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            // open gives the lowest free descriptor, which is this one while those below are open.
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }
}
