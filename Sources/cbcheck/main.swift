import CBCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

ProcessSignals.restoreDefaults()
exit(CBCheck.main(Array(CommandLine.arguments.dropFirst())))
