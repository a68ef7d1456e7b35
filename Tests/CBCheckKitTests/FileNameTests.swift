import Testing

@testable import CBCheckKit

/// `String.fileName`: the trace builder names a downloaded file by it (`location` and `path` of
/// one task must give the same name), the event map and the learner a rule file.
@Suite struct FileNameTests {
    @Test func theNameIsWhatFollowsTheLastSlash() {
        #expect(
            "file:///private/var/mobile/Containers/Data/Application/Caches/CFNetworkDownload_000001.tmp".fileName
                == "CFNetworkDownload_000001.tmp")
        #expect("rules/app.cbevents".fileName == "app.cbevents")
        #expect("/abs".fileName == "abs")
    }

    @Test func aStringWithoutSlashIsItsOwnNameAndATrailingSlashLeavesNone() {
        #expect("CFNetworkDownload_W1.tmp".fileName == "CFNetworkDownload_W1.tmp")
        #expect("".fileName == "")
        #expect("Caches/".fileName == "")
    }

    /// Bytes after the slash are decoded whole, multi-byte characters included.
    @Test func nonASCIINamesAreKeptWhole() {
        #expect("Téléchargements/überweisung-ñ.tmp".fileName == "überweisung-ñ.tmp")
        #expect(String(repeating: "é/", count: 40).appending("日本.tmp").fileName == "日本.tmp")
    }
}
