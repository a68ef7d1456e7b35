import Testing

@testable import CBCheckKit

/// `-j`'s default counts the cores the process may run on, read from its CPU affinity mask.
@Suite struct UsableCoresTests {
    @Test func theAffinityMaskIsCountedBitByBit() {
        #expect(UsableCores.allowedCount(inStatus: "Name:\tcbcheck\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(UsableCores.allowedCount(inStatus: "Cpus_allowed:\t00000000,00000001\n") == 1)
        #expect(UsableCores.allowedCount(inStatus: "Cpus_allowed:\tffffffff,ffffffff\n") == 64)
        #expect(UsableCores.allowedCount(inStatus: "Cpus_allowed:\t0000000a\n") == 2)
    }

    @Test func aStatusWithoutAMaskSaysNothing() {
        #expect(UsableCores.allowedCount(inStatus: "Name:\tcbcheck\nCpus_allowed_list:\t0-1\n") == nil)
        #expect(UsableCores.allowedCount(inStatus: "Cpus_allowed:\t0-1\n") == nil)
    }

    @Test func theCountIsAtLeastOne() {
        #expect(UsableCores.count >= 1)
    }
}
