import CBCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `cbcheck big.log | head` ends quietly when the reader goes away, as grep and cat do, and Ctrl-C
// stops it, even when the parent left SIGPIPE ignored or these signals blocked (both are inherited
// across exec; Foundation's Process on Linux hands its children a blocked mask).
signal(SIGPIPE, SIG_DFL)
var quitting = sigset_t()
sigemptyset(&quitting)
for quit in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&quitting, quit) }
sigprocmask(SIG_UNBLOCK, &quitting, nil)
exit(CBCheck.main(Array(CommandLine.arguments.dropFirst())))
