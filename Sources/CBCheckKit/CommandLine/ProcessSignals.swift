#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal set-up the `cbcheck` process needs before it reads anything.
public enum ProcessSignals {
    /// `cbcheck big.log | head` ends quietly when the reader goes away, as grep and cat do, and
    /// Ctrl-C stops it, even when the parent left SIGPIPE ignored or these signals blocked (both
    /// are inherited across exec; Foundation's Process on Linux hands its children a blocked mask).
    public static func restoreDefaults() {
        signal(SIGPIPE, SIG_DFL)
        var quitting = sigset_t()
        sigemptyset(&quitting)
        for quit in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&quitting, quit) }
        sigprocmask(SIG_UNBLOCK, &quitting, nil)
    }
}
