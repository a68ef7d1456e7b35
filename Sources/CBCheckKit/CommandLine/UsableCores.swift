import Foundation

/// How many cores this process may run on: the default for `-j`, and whether a lone log reads
/// ahead on a second thread.
///
/// Foundation's `activeProcessorCount` counts the machine's cores online; on Linux a process
/// confined to fewer (`taskset -c 0`, a container's `--cpuset-cpus`) would then start threads for
/// cores it cannot use. Its CPU affinity says which it can: `Cpus_allowed` in `/proc/self/status`
/// (Swift's Glibc module does not declare `sched_getaffinity`, a GNU extension).
enum UsableCores {
    /// Read once: `cbcheck check` asks while validating `-j` and again while running.
    static let count: Int = {
        let online = ProcessInfo.processInfo.activeProcessorCount
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let allowed = allowedCount(inStatus: status)
            {
                return max(1, min(allowed, online))
            }
        #endif
        return online
    }()

    /// The cores `Cpus_allowed:` (a hexadecimal mask in groups of eight digits) lets the process
    /// run on, `nil` when the line is missing or not a mask.
    static func allowedCount(inStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
            return nil
        }
        var count = 0
        for character in line.dropFirst("Cpus_allowed:".count) where character != "," && !character.isWhitespace {
            guard let digit = character.hexDigitValue else { return nil }
            count += digit.nonzeroBitCount
        }
        return count
    }
}
