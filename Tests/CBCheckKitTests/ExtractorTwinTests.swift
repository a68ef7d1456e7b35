import TestSupport
import Testing

@testable import CBCheckKit
@testable import PatternMatching

@Suite struct ExtractorTwinTests {
    @Test func theGroupIsTakenOutAndRemembered() throws {
        let shape = try #require(GroupedPattern(#"\b(?<bytes>\d+)\s*\/\s*-?\d+\b"#, group: "bytes"))
        #expect(String(String.UnicodeScalarView(shape.skeleton)) == #"\b\d+\s*\/\s*-?\d+\b"#)
        #expect(shape.group == 2..<5)
        let other = try #require(GroupedPattern(#"\b\d+\s*\/\s*(?<expected>-?\d+)\b"#, group: "expected"))
        #expect(other.skeleton == shape.skeleton)
        #expect(shape.merged(with: other) == #"\b(?<bytes>\d+)\s*\/\s*(?<expected>-?\d+)\b"#)
        #expect(other.merged(with: shape) == #"\b(?<bytes>\d+)\s*\/\s*(?<expected>-?\d+)\b"#)
    }

    /// Taking such a group out would change what matches, or renumber groups something names.
    @Test(arguments: [
        #"a(?<task>\d)+"#, #"a(?<task>\d|x)"#, #"a(?<task>\d){2}"#, #"(?<task>\d)(?<task>x)"#,
        #"(?<task>\d)(\w)"#, #"(?<task>\d)\1"#, #"(?<task>\d)\k<task>"#, #"(?<task>\d)(?1)"#,
        #"(?i)(?<task>\d)"#, #"\Q(?<task>\E\d"#, #"(?<other>\d)"#, #"\d+"#,
    ])
    func aGroupThatCannotBeTakenOutGivesNoShape(pattern: String) {
        #expect(GroupedPattern(pattern, group: "task") == nil)
    }

    @Test func groupsInsideOtherGroupsAndClassesAreTakenOut() throws {
        let shape = try #require(GroupedPattern(#"(?:x(?<task>[()\]]+)|y)?(?=z)"#, group: "task"))
        #expect(String(String.UnicodeScalarView(shape.skeleton)) == #"(?:x[()\]]+|y)?(?=z)"#)
    }

    /// Groups at the same place nest, the longer outside; groups that only touch stay apart;
    /// crossing groups are not merged.
    @Test func mergedGroupsNestOrStandApart() throws {
        func merged(_ first: String, _ second: String) -> String? {
            guard let a = GroupedPattern(first, group: "bytes"), let b = GroupedPattern(second, group: "expected")
            else { return nil }
            return a.merged(with: b)
        }
        #expect(merged(#"(?<bytes>\d+)x"#, #"(?<expected>\d+)x"#) == #"(?<bytes>(?<expected>\d+))x"#)
        #expect(merged(#"(?<bytes>\d+x)"#, #"(?<expected>\d+)x"#) == #"(?<bytes>(?<expected>\d+)x)"#)
        #expect(merged(#"(?<bytes>a)\d"#, #"a(?<expected>\d)"#) == #"(?<bytes>a)(?<expected>\d)"#)
        #expect(merged(#"a(?<bytes>bc)"#, #"(?<expected>ab)c"#) == nil)
        let nested = try Pattern(#"(?<bytes>(?<expected>\d+)x)"#)
        let match = try #require(try nested.firstMatch(in: "a12x"))
        #expect(match.range(named: "bytes") == 1..<4)
        #expect(match.range(named: "expected") == 1..<3)
    }

    @Test func theBuiltInMapsProgressCountsAreTwins() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let twins = ExtractorTwin.twins(of: map.extractors)
        let pairs = twins.enumerated().compactMap { index, twin in
            twin.map { (map.extractors[index].attribute, $0.partnerAttribute) }
        }
        #expect(pairs.count == 1)
        #expect(pairs.first?.0 == .bytes && pairs.first?.1 == .expected)
    }

    /// The promise the recognizer relies on, on every fixture line: the merged regex matches
    /// where each twin's own does, with each one's group where its own run puts it.
    @Test func onEveryFixtureLineTheMergedRunFindsWhatEachTwinsOwnFinds() throws {
        let map = try RuleLibrary.builtIn().eventMap
        let twins = ExtractorTwin.twins(of: map.extractors)
        let lines = TestSupport.fixtureAndSampleLines()
        var matched = 0
        for line in lines {
            try line.withUnsafeBytes { bytes in
                for (index, twin) in twins.enumerated() {
                    guard let twin else { continue }
                    let first = map.extractors[index]
                    let second = map.extractors[twin.partner]
                    let merged = try twin.merged.pattern.firstMatch(in: bytes)
                    let own = try first.pattern.pattern.firstMatch(in: bytes)
                    let partners = try second.pattern.pattern.firstMatch(in: bytes)
                    #expect((merged == nil) == (own == nil) && (own == nil) == (partners == nil))
                    guard let merged else { continue }
                    matched += 1
                    let name = first.attribute.rawValue
                    let partnerName = second.attribute.rawValue
                    #expect(merged.range(named: name) == own?.range(named: name))
                    #expect(merged.range(named: partnerName) == partners?.range(named: partnerName))
                }
            }
        }
        #expect(matched > 20)
    }
}
