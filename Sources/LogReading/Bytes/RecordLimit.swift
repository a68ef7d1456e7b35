/// How much of one record is kept: a line and its continuations past this many message bytes have
/// their tail dropped (and counted), so one runaway dump cannot hold the whole file in memory.
package enum RecordLimit {
    /// The most message bytes of one record (first line plus continuations) kept for matching.
    package static let bytes = 256 * 1024
}
