import CBCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

ProcessSignals.restoreDefaults()
StandardDescriptors.holdClosedOnes()
exit(CBCheck.main(Array(CommandLine.arguments.dropFirst())))
