extension BinaryInteger {
    /// Hexadecimal with at least `width` digits (`7` → `07`), for the escapes the reports write:
    /// `%0A` (GitHub, URIs), `\x07` (JUnit), `\u0001` (JSON) and fingerprints.
    package func hex(width: Int, uppercase: Bool = true) -> String {
        let digits = String(self, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
