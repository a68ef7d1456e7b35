/// How common each byte is in log text, roughly: the literal prefilter indexes each literal by
/// its rarest windows, so ordinary words (`task`, `with`, `error`) hit the filter less often.
///
/// The order is a judgement, not a measurement of any one log: spaces and lower-case letters in
/// English frequency order, digits (time stamps, pids, sizes everywhere), then the punctuation of
/// log prefixes and messages. Upper-case letters count as their lower case, since windows are
/// folded. Anything not listed is rare.
enum ByteCommonness {
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        let ranked = " etaoinsrhldcumfpgwybvkxjqz0123456789.:-/_=[]()<>,'\"{}#@+*;?!"
        for (rank, byte) in ranked.utf8.enumerated() {
            let score = UInt8(255 - rank * 4)
            table[Int(byte)] = score
            if byte >= 0x61, byte <= 0x7A { table[Int(byte - 0x20)] = score }
        }
        // Digits are as common as the commonest letters in logs.
        for digit in UInt8(0x30)...0x39 { table[Int(digit)] = 240 }
        return table
    }()

    /// The commonness of the `count` bytes of `bytes` from `offset`: the sum of theirs.
    static func score(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (offset..<offset + count).reduce(0) { $0 + Int(table[Int(bytes[$1])]) }
    }

    /// How often the 4-byte window at `offset` comes up in text, roughly: twice as often for every
    /// 20 points of its bytes' score (five places up the list for one byte). A window's chance is
    /// its bytes' chances multiplied, so one window of common bytes (` res`) outweighs several
    /// with a rare byte (`> re`), which a sum of scores over a run does not see.
    static func windowCommonness(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        1 << UInt64(score(bytes, offset, 4) / 20)
    }
}
