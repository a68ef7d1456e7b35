import CBCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(CBCheck.main(Array(CommandLine.arguments.dropFirst())))
