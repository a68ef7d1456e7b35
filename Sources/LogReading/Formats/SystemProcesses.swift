/// The system's own processes whose lines can read like an app's callbacks but never are:
/// `nsurlsessiond` logs task ids and delegate-like words while it runs the app's background
/// transfers (`Task <…>.<1586> completed with error (null) [0]`, aws-amplify/aws-sdk-ios#1153),
/// SpringBoard and runningboardd log the app's lifecycle, mobileassetd runs background downloads of
/// its own (and logs their delegate calls as an app would). Their records are counted as excluded;
/// only their CFNetwork task lines (`cfnet.*`) go on, for the trace builder to join to the app's
/// task by its UUID, so a task seen in the app and in the daemon is one task seen twice, not two.
package enum SystemProcesses {
    static let daemons: Set<String> = [
        "nsurlsessiond", "SpringBoard", "runningboardd", "assertiond", "backboardd", "symptomsd", "dasd",
        "kernel", "launchd", "locationd", "mDNSResponder", "trustd", "apsd", "networkd", "nesessionmanager",
        "CommCenter", "wifid", "powerd", "UserEventAgent", "xpcproxy", "duetexpertd", "itunesstored",
        "mobileassetd",
    ]

    package static func isDaemon(_ process: String) -> Bool { daemons.contains(process) }
}
