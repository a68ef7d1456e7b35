import Testing

@testable import CBCheckKit

@Suite struct AttributeTests {
    /// Attributes hash by ordinal (a string hash per dictionary access was a tenth of the run time):
    /// the ordinals must be exactly the positions in `allCases`, or two attributes would collide.
    @Test func ordinalsArePositionsInAllCases() {
        #expect(Attribute.allCases.map(\.ordinal) == Array(0..<Attribute.allCases.count))
    }

    @Test func attributesAsDictionaryKeysStayDistinct() {
        var values: [Attribute: String] = [:]
        for attribute in Attribute.allCases { values[attribute] = attribute.rawValue }
        #expect(values.count == Attribute.allCases.count)
        #expect(values[.task] == "task")
    }
}
