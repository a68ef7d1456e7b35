/// A run of bytes that grows as it is appended to and is emptied without freeing, for the record
/// being assembled (`PendingRecord`): an append is a capacity test and a `memcpy`, inlined where it
/// is called, where `[UInt8]`'s generic append also checked uniqueness (about a hundred instructions
/// a line).
///
/// Not copyable: one owner frees the memory. `bytes` is valid until the next change.
package struct GrowableBytes: ~Copyable {
    private var start: UnsafeMutableRawPointer
    private var capacity: Int
    package private(set) var count = 0

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { start.deallocate() }

    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    /// Empties the bytes, keeping the memory.
    package mutating func removeAll() { count = 0 }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Makes room for `more` bytes after the last, doubling the memory when it is short: the test
    /// inlined where an append is, the growing (rare) out of line.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(toHold: count + more) }
    }

    /// Moves the bytes to memory for at least `needed` of them, twice the capacity at least.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let grown = max(capacity * 2, needed)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        moved.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = moved
        capacity = grown
    }
}
