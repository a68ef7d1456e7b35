/// The last `capacity` items added, oldest first out: what is remembered of tasks that already
/// completed, so a run with a million tasks keeps a bounded number of them, not all.
struct RecentWindow<Element> {
    let capacity: Int
    private var items: [Element] = []
    private var head = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `item`; returns the item that fell out of the window, if one did.
    mutating func add(_ item: Element) -> Element? {
        items.append(item)
        guard items.count - head > capacity else { return nil }
        let oldest = items[head]
        head += 1
        if head >= capacity, head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return oldest
    }
}
