import Foundation
import TestSupport
import Testing

@testable import CBCheckKit
@testable import LogReading

/// `log show --style json`: a pretty-printed array read back into one record per object,
/// streaming, with every line counted once.
@Suite struct JSONArrayReaderTests {
    /// The shape flutter/flutter's simulators_test.dart quotes from `log stream --style json`,
    /// with a nested backtrace and brackets inside a string.
    static let capture = """
        Filtering the log data using "process == \\"Downloader\\""
        [{
          "traceID" : 37579774151491588,
          "eventMessage" : "application(_:didFinishLaunchingWithOptions:) launchOptions=nil },{ [",
          "backtrace" : {
            "frames" : [
              {
                "imageOffset" : 5678
              }
            ]
          },
          "processImagePath" : "\\/private\\/var\\/Downloader.app\\/Downloader",
          "timestamp" : "2026-03-14 09:26:51.102000+0800",
          "threadID" : 1200001,
          "processID" : 4101
        },{
          "traceID" : 37579774151491589,
          "eventMessage" : "applicationDidEnterBackground(_:)",
          "processImagePath" : "\\/private\\/var\\/Downloader.app\\/Downloader",
          "timestamp" : "2026-03-14 09:26:52.000000+0800",
          "threadID" : 1200001,
          "processID" : 4101
        }]

        """

    @Test func eachObjectIsOneRecordAtItsMessageLineAndEveryLineIsCounted() throws {
        let log = try ReadLog(Self.capture)
        #expect(log.stats.format == "json")
        #expect(log.stats.formatDetectedAtLine == 2)
        #expect(log.kinds == ["app.launch@4", "app.background@18"])
        #expect(log.events.first?.text == "application(_:didFinishLaunchingWithOptions:) launchOptions=nil },{ [")
        #expect(log.events.first?.thread == "1200001")
        #expect(log.events.first?.pid == 4101)
        #expect(log.stats.headers == 1)
        #expect(log.stats.events == 2)
        #expect(log.stats.continuations == 20)
        #expect(log.stats.accountedFor == log.stats.lines)
    }

    @Test func aStreamCaughtMidwayStartsAtTheNextObject() throws {
        let chunk = Self.capture.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(15)
            .joined(separator: "\n")
        #expect(chunk.hasPrefix("},{"))
        let log = try ReadLog(chunk)
        #expect(log.stats.format == "json")
        #expect(log.kinds == ["app.background@3"])
        #expect(log.stats.accountedFor == log.stats.lines)
    }

    /// Strings are stepped over eight bytes at a time: brackets and an escaped quote or
    /// backslash inside one, at any offset of a word, open or close nothing.
    @Test(arguments: 0..<17) func bracketsAndEscapesInAStringAtAnyOffsetOfAWord(offset: Int) {
        let pad = String(repeating: "x", count: offset)
        let lines = ["[{", #"  "eventMessage" : ""# + pad + #"\"}{\\ ]","#, #"  "x" : "}\\""#, "}]"]
        var reader = JSONArrayReader()
        var closed: [(line: Int, recordLine: Int, text: String)] = []
        for (index, line) in lines.enumerated() {
            #expect(Array(line.utf8).withUnsafeBytes { reader.add($0, number: index + 1) })
            for object in reader.finished {
                closed.append(
                    (index + 1, object.recordLine, String(decoding: reader.finishedBytes[object.range], as: UTF8.self)))
            }
        }
        #expect(closed.map(\.line) == [4])
        #expect(closed.first?.recordLine == 2)
        #expect(closed.first?.text == "{ " + lines[1] + " " + lines[2] + " }")
    }

    @Test func objectsSharingOneLineCountTheLineOnce() throws {
        let line =
            #"[{"eventMessage":"applicationDidBecomeActive(_:)","processID":1},{"eventMessage":"applicationWillResignActive(_:)","processID":1}]"#
        let log = try ReadLog(line + "\n", format: JSONLogFormat())
        #expect(log.kinds == ["app.active@1", "app.resignActive@1"])
        #expect(log.stats.lines == 1)
        #expect(log.stats.accountedFor == 1)
    }

    @Test func anObjectCutShortByTheEndOfTheCaptureIsUnparseable() throws {
        let cut = Self.capture.split(separator: "\n").prefix(20).joined(separator: "\n") + "\n"
        let log = try ReadLog(cut)
        #expect(log.kinds == ["app.launch@4"])
        #expect(log.stats.unparseable == 5)
        #expect(
            log.stats.unparseableExamples.last?.reason
                == "a JSON object from line 16 that breaks off at the end of the log")
        #expect(log.stats.accountedFor == log.stats.lines)
    }

    @Test(arguments: ["[", "[{", "{", "},{", "  [{  "])
    func theArrayShowsItselfByItsOpening(_ line: String) {
        #expect(Array(line.utf8).withUnsafeBytes { JSONArrayReader.opensArray($0) })
    }

    @Test(arguments: ["[DownloadManager] done", #"{"eventMessage":"x"}"#, "}", ""])
    func otherLinesDoNot(_ line: String) {
        #expect(!Array(line.utf8).withUnsafeBytes { JSONArrayReader.opensArray($0) })
    }
}
