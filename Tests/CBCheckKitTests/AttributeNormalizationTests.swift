import Testing

@testable import CBCheckKit

/// The recognizer normalizes values from the message's bytes (`AttributeValue.normalized(_:bytes:)`),
/// with ASCII fast paths; each must give what the `String` rules give the decoded text.
@Suite struct AttributeNormalizationTests {
    static let samples = [
        "", " ", "\t", "  42 ", "\t-999\t", "(null)", "(NULL)", "Nil", "NONE", "none ", "0", "00", "-1",
        "yes", "YES", "True", "1", "no", "false", "2", "Download", "UPLOAD", "data", "File", "succeeded",
        "Done", "OK", "FAILED", "cancelled", "Rejected", "aborting", "error", "no", "False", "nope",
        "<private>", "<<private>>", "<redacted>", "APPNAME", "appname", " <private> ", "<privat>",
        "com.acme.Downloader.bg", "file:///tmp/CFNetworkDownload_a.tmp",
        // Numbers: small ones come from a table, unless written with a leading zero.
        "7", "07", "200", "999", "1000", "0999", "59768832", "12a", "1 2",
        // Not ASCII: decoded and normalized as a string (lower-casing beyond ASCII, a space that
        // carries a combining mark, which trimming must not split).
        "DÉJÀ", "Ünïcode", " \u{301}x", "x \u{301}", "ÉCHEC failed", "\u{212A}",
    ]

    @Test(arguments: Attribute.allCases)
    func bytesNormalizeAsTheirText(_ attribute: Attribute) {
        for sample in Self.samples {
            var text = sample
            let fromBytes = text.withUTF8 { AttributeValue.normalized(attribute, bytes: UnsafeRawBufferPointer($0)) }
            #expect(
                fromBytes == AttributeValue.normalized(attribute, sample), "\(attribute) \(sample.debugDescription)")
        }
    }

    @Test func invalidUTF8IsRepairedAsTheDecoderDoes() {
        let bytes: [UInt8] = [0x41, 0xFF, 0x42]
        let fromBytes = bytes.withUnsafeBytes { AttributeValue.normalized(.kind, bytes: $0) }
        #expect(fromBytes == "a\u{FFFD}b")
    }

    @Test func knownWordsBecomeTheirCanonicalSpelling() {
        func normalized(_ attribute: Attribute, _ text: String) -> String? {
            var text = text
            return text.withUTF8 { AttributeValue.normalized(attribute, bytes: UnsafeRawBufferPointer($0)) }
        }
        #expect(normalized(.error, " (NULL) ") == "nil")
        #expect(normalized(.error, "-999") == "-999")
        #expect(normalized(.background, "TRUE") == "yes")
        #expect(normalized(.fromResumeData, "maybe") == "no")
        #expect(normalized(.kind, "DownLoad") == "download")
        #expect(normalized(.outcome, "No") == "failure")
        #expect(normalized(.outcome, "was Cancelled") == "failure")
        #expect(normalized(.outcome, "delivered") == "success")
        #expect(normalized(.identifier, "<private>") == nil)
        #expect(normalized(.identifier, " \t ") == nil)
    }

    /// Ranges and constants become values in attribute order, the first range per attribute
    /// wins, a constant wins over a range, and only the kept attributes are made.
    @Test func capturedAttributesHaveRoomForEveryAttribute() {
        #expect(Attribute.allCases.count <= CapturedAttributes.capacity)
    }

    @Test func capturedAttributesBecomeValuesOnce() {
        var captured = CapturedAttributes()
        let message = Array("task 7 error (null) status 404 kind Upload id <private>".utf8)
        captured.capture(.status, at: 27..<30)
        captured.capture(.task, at: 5..<6)
        captured.capture(.task, at: 0..<4)
        captured.capture(.error, at: 13..<19)
        captured.capture(.kind, at: 36..<42)
        captured.capture(.background, at: 0..<4)
        // Redacted: normalized to nothing, so left out.
        captured.capture(.identifier, at: 46..<55)
        captured.setConstants(1 << UInt32(Attribute.background.ordinal))
        #expect(captured.contains(.task))
        #expect(!captured.contains(.bytes))
        let constants = EntryConstants([.background: "YES"])
        let all = Attribute.allCases.reduce(UInt32(0)) { $0 | 1 << UInt32($1.ordinal) }
        let values = message.withUnsafeBytes {
            captured.values(keeping: all, in: $0, constants: constants, recent: RecentValues())
        }
        #expect(values.map(\.key) == [.task, .error, .status, .kind, .background])
        #expect(values.dictionary == [.task: "7", .error: "nil", .status: "404", .kind: "upload", .background: "yes"])
        let kept = message.withUnsafeBytes {
            captured.values(
                keeping: 1 << UInt32(Attribute.status.ordinal), in: $0, constants: constants, recent: RecentValues())
        }
        #expect(kept == [.status: "404"])
    }
}
