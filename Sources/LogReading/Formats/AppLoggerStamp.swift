/// The wrappers app loggers put around the app's own message, skipped so the event map sees the
/// message as the app wrote it, whatever logger printed it (the same rules fire either way):
///
/// - Flutter's `print`/`debugPrint` on iOS: `flutter: message` (inside an NSLog prefix or alone);
/// - React Native's `RCTLog`: `[info][tid:com.facebook.react.JavaScript][RCTLog.m:362] message`;
/// - SwiftyBeaver's console destination: `09:26:53.599 💙 INFO Type.method():73 - message`.
///
/// CocoaLumberjack's `DDTTYLogger` stamp (`2026-03-14 09:26:53:599 App[4101:1200001]`) is read
/// by the NSLog prefix itself (a colon before the milliseconds). Two bytes decide for nearly every
/// record: only messages starting with `f`, `[` and a lower-case letter, or a digit are looked at
/// further.
package enum AppLoggerStamp {
    /// Where the app's message starts in `line` when a logger's wrapper starts at `start`;
    /// `start` when there is none.
    package static func messageStart(in line: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start + 1 < line.count else { return start }
        let first = line[start]
        // React Native's levels are lower case (`[info]`); an app's own `[DownloadManager]` tag is not.
        let mayBeReactNative = first == 0x5B && line[start + 1] >= 0x61 && line[start + 1] <= 0x7A
        guard first == 0x66 || mayBeReactNative || (first >= 0x30 && first <= 0x39) else { return start }
        var cursor = ByteCursor(line)
        cursor.position = start
        switch first {
        case 0x66: return cursor.skip("flutter: ") ? cursor.position : start
        case 0x5B: return reactNativeEnd(&cursor) ?? start
        case 0x30...0x39: return swiftyBeaverEnd(&cursor) ?? start
        default: return start
        }
    }

    /// The thread React Native names in `[tid:…]`, when the message starts with its wrapper.
    static func reactNativeThread(in line: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        var cursor = ByteCursor(line)
        cursor.position = start
        guard cursor.skip(0x5B), cursor.readWord() != nil, cursor.skip("][tid:"), let close = cursor.find(0x5D)
        else { return nil }
        return cursor.position..<close
    }

    // MARK: - Private

    /// `[level][tid:name][File.m:362] ` at the cursor.
    private static func reactNativeEnd(_ cursor: inout ByteCursor) -> Int? {
        guard cursor.skip(0x5B), cursor.readWord() != nil, cursor.skip("][tid:"), let tidEnd = cursor.find(0x5D)
        else { return nil }
        cursor.position = tidEnd + 1
        guard cursor.skip(0x5B), let fileEnd = cursor.find(0x5D), cursor.bytes[cursor.position..<fileEnd].contains(0x3A)
        else { return nil }
        cursor.position = fileEnd + 1
        _ = cursor.skip(0x20)
        return cursor.position
    }

    /// `HH:MM:SS.mmm <emoji> LEVEL Location():line - ` at the cursor (SwiftyBeaver's default
    /// format `$DHH:mm:ss.SSS$d $C$L$c $N.$F:$l - $M`, the colour an emoji heart).
    private static func swiftyBeaverEnd(_ cursor: inout ByteCursor) -> Int? {
        guard cursor.readClock() != nil, cursor.skip(0x20), let space = cursor.find(0x20) else { return nil }
        // The colour: one emoji (non-ASCII bytes), then the level in capitals.
        guard space > cursor.position, cursor.bytes[cursor.position..<space].allSatisfy({ $0 >= 0x80 }) else {
            return nil
        }
        cursor.position = space + 1
        guard let level = cursor.readWord(), Self.levels.contains(where: { cursor.matches(level, $0) }),
            cursor.skip(0x20), let dash = Self.find(" - ", cursor)
        else { return nil }
        return dash + 3
    }

    private static let levels: [StaticString] = ["VERBOSE", "DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL", "FAULT"]

    /// The offset of ` - ` after the cursor, before any other space-free stretch ends.
    private static func find(_ separator: StaticString, _ cursor: ByteCursor) -> Int? {
        guard let space = cursor.find(0x20) else { return nil }
        var probe = cursor
        probe.position = space
        return probe.skip(separator) ? space : nil
    }
}
