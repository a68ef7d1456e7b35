/// A byte count as `--max-input-size` takes it and messages show it: `512M`, `64G`, `1000`.
public enum InputSize {
    /// Past any real log (the bench's largest is 1 GB), yet an endless input stops within a minute.
    public static let defaultLimit = 64 << 30

    /// `text` as bytes: digits with an optional `K`, `M`, `G` or `T` (powers of 1024, a `B` or
    /// `iB` after it allowed); `nil` for anything else, zero, or an overflow.
    public static func bytes(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var shift = 0
        if let last = digits.last, let index = "KMGT".firstIndex(of: last) {
            shift = ("KMGT".distance(from: "KMGT".startIndex, to: index) + 1) * 10
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }

    /// `bytes` in the largest unit that divides it: `64 GiB`, `512 MiB`, `1000 bytes`.
    public static func text(_ bytes: Int) -> String {
        for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
