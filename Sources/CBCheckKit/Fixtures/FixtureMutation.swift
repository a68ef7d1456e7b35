import LogReading
import PatternMatching

/// A change to a fixture log that must not change any verdict (`cbcheck test --mutate`): if a rule
/// flips under one, it depends on something the documented order does not (a line count, a
/// clock, a particular task number, the absence of other apps in the log).
public enum FixtureMutation: String, CaseIterable, Sendable {
    case unrelatedSession = "unrelated-session"
    case shiftedTimestamps = "shifted-timestamps"
    case renamedIdentifiers = "renamed-uuids-and-tasks"
    case insertedChatter = "inserted-chatter"
    case insertedDumps = "inserted-dumps"

    /// What the mutation does, for reports.
    public var summary: String {
        switch self {
        case .unrelatedSession:
            "another app's clean background wake (process Weather, its own session) interleaved line by line"
        case .shiftedTimestamps: "every time stamp moved 1 day 3:17:42 later"
        case .renamedIdentifiers: "every UUID rewritten and every task number raised by 700"
        case .insertedChatter: "a chatter line inserted before every record"
        case .insertedDumps: "a multi-line dictionary dump inserted before every record"
        }
    }

    /// A mutated fixture and, for each of its lines, the 1-based original line it came from
    /// (`nil` for an inserted line), so mismatches can be reported against the original.
    public struct Result: Sendable {
        public var text: String
        public var origin: [Int?]
    }

    /// Mutates a fixture in whatever format it is written in (`FixtureLine`); a change the format
    /// cannot carry is left out (another process in Xcode's `print` lines, which name none; any
    /// change to a `log show --style json` array, whose records span lines).
    public func apply(to text: String) -> Result {
        let lines = text.sourceLines
        let format = FixtureLine.format(of: lines)
        if format is JSONLogFormat { return Self.rewrite(lines) { $0 } }
        let shift: Int64 = (27 * 3600 + 17 * 60 + 42) * 1_000_000
        switch self {
        case .shiftedTimestamps:
            return Self.rewrite(lines) { FixtureLine($0, format: format)?.shifted(by: shift) ?? $0 }
        case .renamedIdentifiers:
            let renamer = IdentifierRenamer()
            return Self.rewrite(lines) { renamer.rename($0) }
        case .insertedChatter:
            return Self.insertBeforeRecords(lines, format) { record in
                [record.saying("[Mutation] image cache hit: avatar-42.png in 3 ms")]
            }
        case .insertedDumps:
            return Self.insertBeforeRecords(lines, format) { record in
                [
                    record.saying("[Mutation] response headers: {"), "    \"Content-Type\" = \"application/json\";",
                    "    \"Cache-Control\" = \"max-age=60\";", "}",
                ]
            }
        case .unrelatedSession:
            var next = 0
            var last: FixtureLine?
            var result = Self.insertBeforeRecords(lines, format) { record in
                last = record
                guard next < Self.weatherWake.count,
                    let line = record.saying(Self.weatherWake[next], as: "Weather", pid: 31337)
                else { return [] }
                next += 1
                return [line]
            }
            for message in Self.weatherWake[next...] {
                guard let line = last?.saying(message, as: "Weather", pid: 31337) else { break }
                for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
                    result.text += (result.text.hasSuffix("\n") || result.text.isEmpty ? "" : "\n") + part
                    result.origin.append(nil)
                }
            }
            return result
        }
    }

    // MARK: - Private

    /// A documented, clean background wake of an unrelated app (seed 000 §1).
    static let weatherWake = [
        "application(_:didFinishLaunchingWithOptions:) launchOptions=nil",
        "application(_:handleEventsForBackgroundURLSession:completionHandler:) com.example.weather.refresh",
        "saved completion handler for com.example.weather.refresh",
        "creating background session com.example.weather.refresh",
        "urlSession(_:downloadTask:didFinishDownloadingTo:) task=1 location=file:///tmp/weather/CFNetworkDownload_W1.tmp",
        "moved CFNetworkDownload_W1.tmp to Library/forecast.json",
        "urlSession(_:task:didCompleteWithError:) task=1 error=nil status=200",
        "urlSessionDidFinishEvents(forBackgroundURLSession:) com.example.weather.refresh",
        "calling completion handler for com.example.weather.refresh",
        "applicationWillTerminate:",
    ]

    private static func rewrite(_ lines: [String], _ change: (String) -> String) -> Result {
        Result(
            text: lines.map { $0.hasPrefix("#!") ? $0 : change($0) }.joined(separator: "\n"),
            origin: lines.indices.map { $0 + 1 })
    }

    /// Inserts `make(record)`'s lines before each record line, above the annotation block that
    /// precedes it so annotations stay with their line.
    private static func insertBeforeRecords(
        _ lines: [String], _ format: (any LogFormat)?, _ make: (FixtureLine) -> [String]
    ) -> Result {
        var output: [String] = []
        var origin: [Int?] = []
        var blockStart: Int?
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("#!") {
                if blockStart == nil { blockStart = output.count }
            } else if let record = FixtureLine(line, format: format) {
                let inserted = make(record).flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
                    .map(String.init)
                let at = blockStart ?? output.count
                output.insert(contentsOf: inserted, at: at)
                origin.insert(contentsOf: Array(repeating: nil, count: inserted.count), at: at)
                blockStart = nil
            } else {
                blockStart = nil
            }
            output.append(line)
            origin.append(index + 1)
        }
        return Result(text: output.joined(separator: "\n"), origin: origin)
    }

    static func rotateHex(_ character: Character) -> Character {
        let digits = Array("0123456789abcdef")
        guard let index = digits.firstIndex(of: Character(character.lowercased())) else { return character }
        let rotated = digits[(index + 7) % 16]
        return character.isUppercase ? Character(rotated.uppercased()) : rotated
    }
}

/// Rewrites UUIDs (each hex digit moved 7 places, case kept) and raises URLSession task numbers by
/// 700; lines about UIApplication background tasks keep their numbers.
///
/// Made once per mutated fixture: a `Pattern` owns its match data and must not be shared between
/// threads (the test suite mutates fixtures in parallel; a shared static one crashed it).
struct IdentifierRenamer {
    private let uuid = try! Pattern("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
    private let taskNumber = try! Pattern(
        #"(?<lead>\b[Tt]ask(?:Identifier|ID|Id)?\W{0,3}#?|Task <[0-9A-Fa-f-]+>\.<|\b(?:[Uu]pload|[Dd]ownload)\s+#?)(?<number>\d+)\b"#
    )
    private let backgroundTask = try! Pattern(#"[Bb]ackground ?[Tt]ask|bgtask"#)

    func rename(_ line: String) -> String {
        var result = line
        if (try? backgroundTask.firstMatch(in: line)) ?? nil == nil {
            result = taskNumber.replacingMatches(in: result) { match, bytes in
                let lead = match.text(named: "lead", in: bytes) ?? ""
                let number = Int(match.text(named: "number", in: bytes) ?? "") ?? 0
                return lead + String(number + 700)
            }
        }
        return uuid.replacingMatches(in: result) { match, bytes in
            String(decoding: bytes[match.ranges[0]!], as: UTF8.self).map(FixtureMutation.rotateHex).map(String.init)
                .joined()
        }
    }
}
