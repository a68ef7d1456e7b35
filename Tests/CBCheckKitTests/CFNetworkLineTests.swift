import Testing

@testable import CBCheckKit
@testable import Diagnostics

/// CFNetwork's own lines, verbatim as public threads quote them (the message after the log
/// prefix), read by the built-in event map into `cfnet.*` events, and nothing else.
@Suite struct CFNetworkLineTests {
    /// The kinds and attributes the built-in map reads from `message`.
    private func recognize(_ message: String) throws -> [(kind: String, attributes: [Attribute: String])] {
        let recognizer = EventRecognizer(map: try RuleLibrary.builtIn().eventMap)
        return Array(message.utf8).withUnsafeBytes { bytes in
            recognizer.recognize(bytes).map { ($0.0.name, $0.1.dictionary) }
        }
    }

    /// Expects one event of `kind` whose attributes are exactly `attributes`.
    private func expect(
        _ message: String, _ kind: String, _ attributes: [Attribute: String],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let events = try recognize(message)
        #expect(events.map(\.kind) == [kind], "for: \(message)", sourceLocation: sourceLocation)
        #expect(events.first?.attributes == attributes, "for: \(message)", sourceLocation: sourceLocation)
    }

    // kilabyte/MeetingMind#1 and expo/expo#33286: a task's life in the app's process.
    @Test func aTaskThatSucceeds() throws {
        try expect(
            [
                "Task <CD3ED53A-9F3C-4D80-ADDA-6E969A34BF66>.<9> resuming, timeouts(5.0, 604800.0) qos(0x21) ",
                "voucher((null)) activity(00000000-0000-0000-0000-000000000000)",
            ].joined(),
            "cfnet.task.resume", [.task: "9"])
        try expect(
            "Task <DAACC255-D28D-4443-A856-C098F2690374>.<1> received response, status 200 content C",
            "cfnet.task.response", [.task: "1", .status: "200"])
        try expect(
            [
                "Task <10FF4858-9F5E-413B-98DC-692D754F3B42>.<1> summary for task success {transaction_duration_ms=3, ",
                "response_status=200, connection=17, protocol=\"http/1.1\", domain_lookup_duration_ms=0, ",
                "request_bytes=217, response_bytes=124, cache_hit=false}",
            ].joined(),
            "cfnet.task.summary", [.task: "1", .status: "200", .outcome: "success"])
        try expect(
            "Task <10FF4858-9F5E-413B-98DC-692D754F3B42>.<1> finished successfully", "cfnet.task.finished",
            [.task: "1", .error: "nil"])
        #expect(try recognize("Task <10FF4858-9F5E-413B-98DC-692D754F3B42>.<1> done using Connection 17").isEmpty)
        #expect(try recognize("Task <DAACC255-D28D-4443-A856-C098F2690374>.<1> response ended").isEmpty)
    }

    // quinn-rs/quinn#2011: no response at all (response_status=-1 is no HTTP status).
    @Test func aTaskThatFails() throws {
        try expect(
            [
                "Task <F4C81D9D-7B11-45F6-A92D-A354A9D00520>.<109> summary for task failure {transaction_duration_ms=535, ",
                "response_status=-1, connection=3, reused=1, request_bytes=23, response_bytes=0, cache_hit=false}",
            ].joined(),
            "cfnet.task.summary", [.task: "109", .outcome: "failure"])
        try expect(
            [
                "Task <F4C81D9D-7B11-45F6-A92D-A354A9D00520>.<109> finished with error [-1005] Error Domain=NSURLErrorDomain ",
                "Code=-1005 UserInfo={_kCFStreamErrorCodeKey=57, NSUnderlyingError=0x3037173c0 ",
                "{Error Domain=kCFErrorDomainCFNetwork Code=-1005 UserInfo={NSErrorPeerAddressKey=<private>}}, ",
                "_NSURLErrorFailingURLSessionTaskErrorKey=<private>, NSErrorFailingURLKey=<private>, ",
                "_kCFStreamErrorDomainKey=1}",
            ].joined(),
            "cfnet.task.finished", [.task: "109", .error: "-1005"])
    }

    // V8tr/SwiftCombineNetworking#1: the app's own cancel is an end, not a task.cancel.
    @Test func aCancelledTaskEndsWithMinus999() throws {
        try expect(
            [
                "Task <9FAAED76-6691-4F6F-A6F4-909E4CEC28EB>.<1> finished with error [-999] Error Domain=NSURLErrorDomain ",
                "Code=-999 \"cancelled\" UserInfo={NSErrorFailingURLStringKey=https://xxxxx, ",
                "NSLocalizedDescription=cancelled, NSErrorFailingURLKey=https://xxxx}",
            ].joined(),
            "cfnet.task.finished", [.task: "1", .error: "-999"])
    }

    // aritchie/httptransfertasks#10: the next launch after a force quit, on several lines (the
    // record's continuation lines are part of its message).
    @Test func aForceQuitTellsItsReason() throws {
        try expect(
            """
            Task <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7> load failed with error Error Domain=NSURLErrorDomain \
            Code=-999 "(null)" UserInfo={NSURLErrorBackgroundTaskCancelledReasonKey=0, 

            _NSURLErrorRelatedURLSessionTaskErrorKey=(
                "BackgroundDownloadTask <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7>",
                "LocalDownloadTask <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7>"
            ), _NSURLErrorFailingURLSessionTaskErrorKey=BackgroundDownloadTask <AD3AD8D1-EC64-4E2E-95C8-FBA0A12585A2>.<7>} [-999]
            """,
            "cfnet.task.finished", [.task: "7", .error: "-999", .reason: "0"])
    }

    // datatheorem/TrustKit#158: the older shape; "HTTP load failed" is not a second end.
    @Test func theOlderShapeOfAnEnd() throws {
        try expect(
            "Task <F4F00CED-2D6C-4955-B8AC-60843155F10B>.<4> finished with error - code: -999", "cfnet.task.finished",
            [.task: "4", .error: "-999"])
        #expect(
            try recognize("Task <F4F00CED-2D6C-4955-B8AC-60843155F10B>.<4> HTTP load failed (error code: -999 [1:89])")
                .isEmpty)
    }

    // aws-amplify/aws-sdk-ios#1153: nsurlsessiond's lines for one background task.
    @Test func theTransferDaemonsLines() throws {
        let task = "Task <A70DED69-6809-4B28-A76C-3603B9F37266>.<1586>"
        try expect(
            "\(task) didReceiveResponse: <private>, status code: 200", "cfnet.task.response",
            [.task: "1586", .status: "200"])
        try expect("\(task) completed with error (null) [0]", "cfnet.task.finished", [.task: "1586", .error: "nil"])
        try expect(
            "\(task) for client <private> completed successfully", "cfnet.task.finished",
            [.task: "1586", .error: "nil"])
        for chatter in [
            "finished downloading to <private>", "became download task", "client acknowledged completion",
            "logTaskError isDownload = N bytesReceived = 0 bytesSent = 1659219 isRecoverable = N",
        ] {
            #expect(try recognize("\(task) \(chatter)").isEmpty, "\(chatter)")
        }
    }

    // A MAUI sample's README and Swift packages' comments: a background session with no daemon.
    @Test func aBackgroundSessionThatCannotReachTheDaemon() throws {
        try expect(
            [
                "BackgroundSession <A70D22E7-FD9F-4FD9-89DF-221FC3A41EC2> failed to create a background ",
                "NSURLSessionDownloadTask, as remote session is unavailable",
            ].joined(),
            "cfnet.session.noDaemon", [:])
        try expect(
            [
                "BackgroundSession <F65F620A-40DF-47D8-8714-90D457380899> an error occurred on the xpc connection to ",
                "setup the background session: Error Domain=NSCocoaErrorDomain Code=4097",
            ].joined(),
            "cfnet.session.noDaemon", [:])
        try expect(
            [
                "Task <1FCAE53C-7756-4408-8809-3AC3E7D45587>.<1> finished with error [-1] Error Domain=NSURLErrorDomain ",
                "Code=-1 \"unknown error\"",
            ].joined(),
            "cfnet.task.finished", [.task: "1", .error: "-1"])
    }

    /// The app's own delegate line quoting CFNetwork's task name in its error stays the app's callback.
    @Test func theAppsCallbackQuotingATaskNameIsStillTheCallback() throws {
        let events = try recognize(
            [
                "-[DownloadManager URLSession:task:didCompleteWithError:] task 3 error Error Domain=NSURLErrorDomain ",
                "Code=-1001 UserInfo={_NSURLErrorFailingURLSessionTaskErrorKey=BackgroundDownloadTask ",
                "<E0C2A4B6-8D1F-4A3C-9E5B-7F0A2C4E6B81>.<3>}",
            ].joined())
        #expect(events.map(\.kind) == ["task.complete"])
    }

    @Test(arguments: [
        ("Task <e0c2a4b6-8d1f>.<3> finished", "E0C2A4B6-8D1F.3"),
        ("0x7fb19b32f9e8 ID=380 Task <4D3036FE-9E41>.<259> received response", "4D3036FE-9E41.259"),
        ("UserInfo={_NSURLErrorFailingURLSessionTaskErrorKey=BackgroundDownloadTask <4D3036FE>.<7>}", nil),
        ("Task <>.<3> and Task <ABC>.<x> and Task <ABC>.<12", nil),
    ])
    func theTaskNameIsTheFirstWholeTaskUUIDAndNumber(text: String, name: String?) {
        #expect(CFNetworkTaskName.of(text) == name)
    }
}
