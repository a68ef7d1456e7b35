/// Tells a binary file from a text log by its first block, so `cbcheck` can say what the file is
/// and skip it instead of reporting thousands of unparseable lines.
///
/// Known formats are named by their magic bytes (with the command that turns them into a log where
/// there is one); anything else counts as binary when more than `binaryShare` of the block is
/// control bytes or invalid UTF-8. A text log with a few NUL bytes or Latin-1 letters stays text.
package enum BinaryContent {
    /// The share of suspicious bytes above which a block is binary.
    static let binaryShare = 0.3

    /// Why `block` is not a text log, or `nil` when it reads as text.
    package static func reason(_ block: UnsafeRawBufferPointer) -> String? {
        for (magic, what) in magics where block.starts(with: magic) { return what }
        guard !block.isEmpty else { return nil }
        let suspicious = suspiciousBytes(block)
        guard Double(suspicious) > Double(block.count) * binaryShare else { return nil }
        let percent = suspicious * 100 / block.count
        return "binary data (\(percent)% of the first \(block.count) bytes are control bytes or not UTF-8)"
    }

    // MARK: - Private

    private static let magics: [([UInt8], String)] = [
        ([0x1F, 0x8B], "gzip-compressed (decompress it first: gunzip -c FILE | cbcheck -)"),
        ([0x42, 0x5A, 0x68], "bzip2-compressed (decompress it first: bunzip2 -c FILE | cbcheck -)"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed (decompress it first: xz -dc FILE | cbcheck -)"),
        ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed (decompress it first: zstd -dc FILE | cbcheck -)"),
        ([0x50, 0x4B, 0x03, 0x04], "a zip archive (unzip it and check the logs inside)"),
        ([0xFF, 0xFE], "UTF-16 text (convert it first: iconv -f UTF-16 -t UTF-8 FILE | cbcheck -)"),
        ([0xFE, 0xFF], "UTF-16 text (convert it first: iconv -f UTF-16 -t UTF-8 FILE | cbcheck -)"),
        ([0x7F, 0x45, 0x4C, 0x46], "an ELF executable"),
        ([0xCF, 0xFA, 0xED, 0xFE], "a Mach-O executable"),
        ([0xCA, 0xFE, 0xBA, 0xBE], "a Mach-O universal binary"),
        (Array("bplist00".utf8), "a binary property list (convert it first: plutil -convert xml1)"),
        (Array("SQLite format 3".utf8), "an SQLite database"),
    ]

    /// Control bytes other than tab, line ends, form feed and escape, plus bytes that are not
    /// part of valid UTF-8. A multi-byte sequence cut by the block's end counts as valid.
    private static func suspiciousBytes(_ block: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        while index < block.count {
            let byte = block[index]
            if byte < 0x80 {
                if byte < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains(byte) || byte == 0x7F { count += 1 }
                index += 1
                continue
            }
            let length =
                switch byte {
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 0
                }
            guard length > 0 else {
                count += 1
                index += 1
                continue
            }
            var valid = 1
            while valid < length, index + valid < block.count, block[index + valid] & 0xC0 == 0x80 { valid += 1 }
            if valid < length && index + valid < block.count {
                count += 1
                index += 1
            } else {
                index += valid
            }
        }
        return count
    }
}
