import CLiteralScan

/// Log bytes made printable without losing anything: valid UTF-8 is kept, every invalid byte and
/// control character (NUL, ESC, …) is shown as `\xNN`, so a terminal never interprets log content.
package enum DisplayText {
    package static func from(_ bytes: UnsafeRawBufferPointer) -> String {
        // Fast paths: printable ASCII (nearly every line), then control-free valid UTF-8.
        if isPrintableASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }),
            let text = String(validating: bytes, as: UTF8.self)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead < 0x20 && lead != 0x09 || lead == 0x7F {
                    scalars.append(contentsOf: escape(lead).unicodeScalars)
                } else {
                    scalars.append(Unicode.Scalar(lead))
                }
                index += 1
                continue
            }
            if let (scalar, length) = decode(bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(contentsOf: escape(lead).unicodeScalars)
                index += 1
            }
        }
        return String(scalars)
    }

    /// Whether every byte is in 0x20...0x7E (`CLiteralScan`'s test: 32 bytes a round with AVX2,
    /// eight a word elsewhere): a tab, a control byte, DEL or any byte of a multi-byte character
    /// sends the text down the careful path.
    /// - Parameter vector: `false` takes the portable loop even where the CPU has the vector test
    ///   (the tests compare both).
    package static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer, vector: Bool = true) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return cls_printable_ascii(base.assumingMemoryBound(to: UInt8.self), bytes.count, vector ? 1 : 0) != 0
    }

    private static func escape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    /// One multi-byte UTF-8 sequence at `index`, or `nil` if the bytes there are not valid UTF-8.
    private static func decode(_ bytes: UnsafeRawBufferPointer, at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let (length, initial, minimum): (Int, UInt32, UInt32) =
            switch lead {
            case 0xC2...0xDF: (2, UInt32(lead & 0x1F), 0x80)
            case 0xE0...0xEF: (3, UInt32(lead & 0x0F), 0x800)
            case 0xF0...0xF4: (4, UInt32(lead & 0x07), 0x10000)
            default: (0, 0, 0)
            }
        guard length > 0, index + length <= bytes.count else { return nil }
        var value = initial
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
