/// The last `capacity` items added, oldest first out: what is remembered of tasks that already
/// completed, so a run with a million tasks keeps a bounded number of them, not all.
///
/// A ring: once full, each item takes the place of the one it pushes out, so the window holds
/// `capacity` items at most (a queue compacted now and then held up to twice as many and moved
/// them on each compaction).
struct RecentWindow<Element> {
    let capacity: Int
    private var items: [Element] = []
    /// Where the oldest item is, once the window is full.
    private var oldest = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `item`; returns the item that fell out of the window, if one did.
    mutating func add(_ item: Element) -> Element? {
        guard capacity > 0 else { return item }
        guard items.count == capacity else {
            items.append(item)
            return nil
        }
        let out = items[oldest]
        items[oldest] = item
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
        return out
    }
}
