extension Scenario {
    /// The documented scenarios, most specific first where two could match the same run.
    public static let catalog: [Scenario] = [
        Scenario(
            name: "launched-in-background", source: "seed 000 §1",
            steps: [
                Step("app.launch"), Step("app.handleEvents"), Step("task.finishDownload", "task.complete"),
                Step("session.finishEvents"), Step("app.handler.called"),
            ],
            forbidden: ["app.active", "app.foreground"]),
        Scenario(
            name: "woken-while-backgrounded", source: "seed 000 §2",
            steps: [
                Step("app.background"), Step("app.handleEvents"), Step("task.finishDownload", "task.complete"),
                Step("session.finishEvents"), Step("app.handler.called"),
            ],
            forbidden: ["app.launch", "app.active", "app.foreground"]),
        Scenario(
            name: "cancel-and-resume", source: "APPLE-FACTS P3, P4, P5, T12",
            steps: [
                Step("task.cancel"), Step("task.complete", shown: "task.complete with -999") { $0[.error] == "-999" },
                Step("task.create", shown: "task.create from resume data") { $0[.fromResumeData] == "yes" },
                Step("task.resumedAt"), Step("task.finishDownload"),
                Step("task.complete", shown: "task.complete without error") { $0[.error] == "nil" },
            ],
            forbidden: ["app.handleEvents"]),
        Scenario(
            name: "back-to-foreground-before-done", source: "seed 000 §3",
            steps: [
                Step("app.background"), Step("app.foreground", "app.active"), Step("task.finishDownload"),
                Step("task.complete"),
            ],
            forbidden: ["app.handleEvents", "session.finishEvents", "app.launch"], forbiddenToRunEnd: true),
        Scenario(
            name: "force-quit", source: "seed 000 §5",
            steps: [
                Step("app.launch"),
                Step("task.complete", "cfnet.task.finished", shown: "task.complete with -999, reason 0") {
                    $0[.error] == "-999" && $0[.reason] == "0"
                },
            ],
            forbidden: ["app.handleEvents"], forbiddenToRunEnd: true),
        Scenario(
            name: "relaunched-by-user-before-done", source: "seed 000 §4",
            steps: [
                Step("app.launch"), Step("app.active", "app.foreground"), Step("task.progress", "task.finishDownload"),
                Step("task.complete"),
            ],
            forbidden: ["app.handleEvents", "session.finishEvents", "task.create"], forbiddenToRunEnd: true),
        Scenario(
            name: "background-upload", source: "seed 003",
            steps: [
                Step("task.create", shown: "task.create of an upload from a file") {
                    $0[.kind] == "upload" && $0[.body] != "data"
                },
                Step("app.background"),
            ],
            forbidden: ["task.cancel"]),
        Scenario(
            name: "background-download", source: "seed 000 §1–2, the run that starts it",
            steps: [
                Step("task.create", shown: "task.create of a download") { $0[.kind] == "download" },
                Step("app.background"),
            ],
            forbidden: ["task.cancel"]),
        Scenario(
            name: "foreground-download", source: "seed 002",
            steps: [
                Step("app.active", "app.foreground"),
                Step("task.create", shown: "task.create of a download") { $0[.kind] == "download" },
                Step("task.progress"), Step("task.finishDownload"),
                Step("task.complete", shown: "task.complete without error") { $0[.error] == "nil" },
            ],
            forbidden: ["app.background", "app.handleEvents", "task.cancel"]),
    ]
}
