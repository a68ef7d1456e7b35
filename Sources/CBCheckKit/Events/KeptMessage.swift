/// A message's bytes, kept to tell whether a later message differs from it only in digits
/// (`DigitBlind.sameButForDigits`): what `RecentRecognitions` and `RecentWalks` compare with.
/// Its storage is kept from one message to the next.
struct KeptMessage {
    private var bytes: [UInt8] = []

    /// Keeps `message` in place of the one before.
    mutating func keep(_ message: UnsafeRawBufferPointer) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: message)
    }

    /// Whether `message` has this one's length and bytes but where both hold a digit.
    func differsOnlyInDigits(from message: UnsafeRawBufferPointer) -> Bool {
        bytes.withUnsafeBytes { DigitBlind.sameButForDigits($0, message) }
    }
}
