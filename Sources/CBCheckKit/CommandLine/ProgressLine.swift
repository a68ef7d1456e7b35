#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cbcheck: 3 of 12 files checked` on standard error, rewritten in place, while a check of
/// several files runs in a terminal; cleared before anything else is printed there, so it never
/// mixes with findings or messages. Nothing at all when standard error is not a terminal (CI).
struct ProgressLine {
    let total: Int
    let isShown: Bool
    private let write: (String) -> Void
    private var isVisible = false

    /// - Parameter isTerminal: whether standard error is a terminal; a progress line is shown only
    ///   then, and only for more than one file.
    init(total: Int, isTerminal: Bool = isatty(2) == 1, write: @escaping (String) -> Void) {
        self.total = total
        self.isShown = isTerminal && total > 1
        self.write = write
    }

    /// Removes the line, if shown, before other text goes to standard error.
    mutating func clear() {
        guard isVisible else { return }
        write("\r\u{1B}[K")
        isVisible = false
    }

    /// Shows how many files are done.
    mutating func show(done: Int) {
        guard isShown, done < total else { return }
        write("\rcbcheck: \(done) of \(total) files checked")
        isVisible = true
    }
}
