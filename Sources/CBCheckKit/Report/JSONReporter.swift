/// The findings, runs and line statistics as one JSON document for tools: the schema is
/// `docs/report.schema.json`, explained in `docs/json-schema.md`. `schemaVersion` grows when a
/// field changes meaning or goes away; new fields may appear within a version.
public enum JSONReporter: Reporter {
    public static let identifier = "json"
    public static let description = "one JSON document (docs/json-schema.md): findings, runs, line statistics"

    /// The version of `docs/report.schema.json` this reporter writes.
    public static let schemaVersion = 1

    public static func generateReport(_ report: CheckReport) -> String {
        let findings = report.findings
        let summary: JSONValue = .object([
            ("files", .int(report.files.count)),
            ("findings", .int(findings.count)),
            ("failing", .int(findings.filter(report.policy.fails).count)),
            ("pending", .int(findings.filter { $0.verdict == .pending }.count)),
            ("baselined", .int(findings.filter(\.isBaselined).count)),
            ("failed", .bool(report.fails)),
        ])
        return JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .object([("name", .string(report.tool)), ("version", .string(report.version))])),
            (
                "failOn",
                .object([
                    ("level", .string(report.policy.level.rawValue)),
                    ("countingPending", .bool(report.policy.countingPending)),
                ])
            ),
            ("summary", summary),
            ("files", .array(report.files.map { file($0, report) })),
            ("staleBaseline", .array(report.staleBaseline.map(\.json))),
        ]).rendered()
    }

    // MARK: - Private

    private static func file(_ file: CheckReport.File, _ report: CheckReport) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("error", .optional(file.error)),
            ("problems", .array(file.problems.map(JSONValue.string))),
            ("stats", file.stats.map { stats($0, uncheckable: file.uncheckable) } ?? .null),
            ("runs", .array(file.runs.map(run))),
            ("findings", .array(file.findings.map { finding($0, report) })),
            ("noCallbackEvents", .bool(file.error == nil && file.notChecked.hasNoEvents)),
            (
                "notChecked",
                .array(
                    file.notChecked.entries.map {
                        .object([("rule", .string($0.rule)), ("reason", .string($0.reason))])
                    })
            ),
        ])
    }

    private static func finding(_ finding: Finding, _ report: CheckReport) -> JSONValue {
        let identity = finding.identity
        let baseline: JSONValue = report.usesBaseline ? .string(finding.isBaselined ? "unchanged" : "new") : .null
        return .object([
            ("rule", .string(finding.ruleID)),
            ("ruleName", .string(finding.ruleName)),
            ("severity", .string(finding.severity.rawValue)),
            ("verdict", .string(finding.verdict.rawValue)),
            ("fails", .bool(report.policy.fails(finding))),
            ("baseline", baseline),
            ("file", .string(finding.location.file)),
            ("line", .int(finding.location.line)),
            ("column", .int(finding.location.column)),
            ("message", .string(finding.summary)),
            ("detail", .string(finding.detail)),
            (
                "slice",
                .object([
                    ("text", .string(finding.slice)),
                    (
                        "keys",
                        .array(
                            finding.sliceKeys.map {
                                .object([("key", .string($0.key.rawValue)), ("value", .string($0.value))])
                            })
                    ),
                    ("role", .string(identity.sliceRole)),
                ])
            ),
            ("run", .int(finding.run)),
            ("fingerprint", .string(finding.fingerprint)),
            ("evidence", .array(finding.evidence.sorted { $0.line < $1.line }.map(evidence))),
        ])
    }

    private static func evidence(_ evidence: Finding.Evidence) -> JSONValue {
        .object([
            ("line", .int(evidence.line)),
            ("kind", .string(evidence.kind)),
            ("role", .string(evidence.role)),
            ("text", .string(evidence.text)),
            ("synthetic", .bool(evidence.isSynthetic)),
        ])
    }

    private static func run(_ run: CheckReport.Run) -> JSONValue {
        let scenario: JSONValue =
            run.scenario.map { verdict in
                .object([
                    ("name", .string(verdict.scenario)),
                    ("source", .string(verdict.source)),
                    ("matched", .bool(verdict.matched)),
                    ("departure", .optional(verdict.departure)),
                    ("description", .string(verdict.description)),
                ])
            } ?? .null
        return .object([
            ("number", .int(run.number)),
            ("process", .optional(run.process)),
            ("pid", .optional(run.pid)),
            ("firstLine", .int(run.firstLine)),
            ("lastLine", .int(run.lastLine)),
            ("scenario", scenario),
            (
                "context",
                .array(run.context.map { .object([("kind", .string($0.kind.rawValue)), ("line", .int($0.line))]) })
            ),
        ])
    }

    private static func stats(_ stats: LineStats, uncheckable: UncheckableRules) -> JSONValue {
        .object([
            ("lines", .int(stats.lines)),
            ("events", .int(stats.events)),
            ("continuations", .int(stats.continuations)),
            ("chatter", .int(stats.chatter)),
            ("unparseable", .int(stats.unparseable)),
            ("annotations", .int(stats.annotations)),
            ("headers", .int(stats.headers)),
            ("excluded", .int(stats.excluded)),
            ("skippedBinary", .int(stats.skippedBinary)),
            ("decoration", .int(stats.decoration)),
            (
                "decorationRemoved",
                .array(
                    stats.decorationRemoved.map { .object([("what", .string($0.what)), ("lines", .int($0.lines))]) })
            ),
            ("format", stats.format.map { .string($0) } ?? .null),
            ("formatDetectedAtLine", .optional(stats.formatDetectedAtLine)),
            (
                "recordsInOtherFormats",
                .object(stats.recordsInOtherFormats.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
            ),
            ("truncated", .int(stats.truncated)),
            ("continuationsNotMatched", .int(stats.continuationsNotMatched)),
            ("missingFinalNewline", .bool(stats.missingFinalNewline)),
            ("lineLimit", .int(stats.lineLimit)),
            // Schema 1 keeps the field: no line holds a lone carriage return since such a one ends its line.
            ("linesWithLoneCarriageReturn", .int(0)),
            ("loneCarriageReturnLineEnds", .int(stats.loneCarriageReturnLineEnds)),
            ("eventsEarlierThanThePrevious", .int(stats.eventsEarlierThanThePrevious)),
            (
                "clockWentBack",
                stats.clockWentBack.map { step in
                    .object([("line", .int(step.line)), ("from", .string(step.from)), ("to", .string(step.to))])
                } ?? .null
            ),
            ("eventsWithTime", .int(stats.eventsWithTime)),
            ("eventsWithThread", .int(stats.eventsWithThread)),
            (
                "notCheckable",
                .object([
                    ("needingTime", .array(uncheckable.needingTime.map(JSONValue.string))),
                    ("needingThread", .array(uncheckable.needingThread.map(JSONValue.string))),
                ])
            ),
            ("slicesRetired", .int(stats.slicesRetired)),
            ("echoesFolded", .int(stats.echoesFolded)),
            ("eventsBound", .int(stats.eventsBound)),
            ("eventsAmbiguous", .int(stats.eventsAmbiguous)),
            ("slicesRevived", .int(stats.slicesRevived)),
            ("slicesForgotten", .int(stats.slicesForgotten)),
            ("slicesSetAsideUnjudged", .int(stats.slicesSetAsideUnjudged)),
            ("firstSliceSetAsideUnjudged", stats.firstSliceSetAsideUnjudged.map(JSONValue.int) ?? .null),
            ("taskRecordsDropped", .int(stats.taskRecordsDropped)),
            ("profiles", .array(stats.profiles.map(JSONValue.string))),
            (
                "eventsByTier",
                .object(RecognitionTier.allCases.map { ($0.name, .int(stats.events(of: $0))) })
            ),
            ("eventsByKind", .object(stats.eventsByKind.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            (
                "unparseableExamples",
                .array(
                    stats.unparseableExamples.map {
                        .object([("line", .int($0.line)), ("reason", .string($0.reason))])
                    })
            ),
            (
                "unparseableShapes",
                .array(
                    stats.unparseableShapes.top().map {
                        .object([
                            ("text", .string($0.text)), ("count", .int($0.count)), ("firstLine", .int($0.firstLine)),
                        ])
                    })
            ),
            ("unparseableLinesOfUncountedShapes", .int(stats.unparseableShapes.uncounted)),
            ("unparseableEvents", .int(stats.unparseableEvents)),
        ])
    }
}
