import Testing

@testable import CBCheckKit

/// The window behind what is remembered of completed tasks and records made: the oldest item
/// falls out when a new one comes to a full window, in the order they came, however many come.
@Suite struct RecentWindowTests {
    @Test func itemsFallOutOldestFirstOnceTheWindowIsFull() {
        var window = RecentWindow<Int>(capacity: 3)
        let out = (1...10).map { window.add($0) }
        #expect(out == [nil, nil, nil, 1, 2, 3, 4, 5, 6, 7])
    }

    @Test func aWindowOfNoItemsLetsEachOneGoAtOnce() {
        var window = RecentWindow<String>(capacity: 0)
        #expect(window.add("a") == "a")
        #expect(window.add("b") == "b")
    }
}
