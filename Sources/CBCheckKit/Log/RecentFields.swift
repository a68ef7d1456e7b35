#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process name and thread last made into text for an event, handed out again while the next
/// event's bytes are the same: nearly every event of a log comes from one process and a few
/// threads, so each is decoded, and the process looked up among the system daemons, once per
/// change rather than once per event.
struct RecentFields {
    private var processBytes: [UInt8] = []
    private var process: (name: String, isDaemon: Bool)?
    private var threadNumber: UInt64?
    private var threadText = ""

    /// The process name shown for `bytes`, and whether it is a system daemon (`SystemProcesses`).
    mutating func process(_ bytes: UnsafeRawBufferPointer) -> (name: String, isDaemon: Bool) {
        if let process, bytes.count == processBytes.count,
            processBytes.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) }) == 0
        {
            return process
        }
        let name = DisplayText.from(bytes)
        let made = (name, SystemProcesses.isDaemon(name))
        processBytes = Array(bytes)
        process = made
        return made
    }

    /// `number` as text.
    mutating func thread(_ number: UInt64) -> String {
        if threadNumber != number {
            threadNumber = number
            threadText = String(number)
        }
        return threadText
    }
}
