import TestSupport
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

    /// An event's values: set, replaced, removed, kept per kind, and listed in attribute order
    /// whatever order they were set in.
    @Test func attributeValuesKeepOnlyWhatIsKnownInAttributeOrder() {
        var values = AttributeValues()
        #expect(values.isEmpty)
        values[.status] = "200"
        values[.identifier] = "bg"
        values[.task] = "3"
        values[.status] = "500"
        #expect(values.map(\.key) == [.identifier, .task, .status])
        #expect(values[.status] == "500")
        #expect(values[.error] == nil)
        values[.task] = nil
        values[.error] = nil
        #expect(values.dictionary == [.identifier: "bg", .status: "500"])
        let kept = values.keeping { $0 == .identifier }
        #expect(kept.dictionary == [.identifier: "bg"])
        #expect(kept[.status] == nil)
        #expect(kept == AttributeValues([.identifier: "bg"]))
        #expect(values.keeping { _ in true } == values)
        values[.identifier] = nil
        values[.status] = nil
        #expect(values.isEmpty)
        #expect(values == AttributeValues())
    }

    @Test func valuesAddedInAttributeOrderEqualTheSameValuesSetOneByOne() {
        var added = AttributeValues(capacity: 2)
        added.appendInOrder(Attribute.identifier.ordinal, "bg")
        added.appendInOrder(Attribute.status.ordinal, "200")
        #expect(added == AttributeValues([.status: "200", .identifier: "bg"]))
        #expect(added.map(\.key) == [.identifier, .status])
        #expect(added[.status] == "200")
        #expect(added[.task] == nil)
        #expect(AttributeValues(capacity: 4).isEmpty)
    }

    /// A value's place is the count of known attributes below it (a bit count, not a scan of the
    /// entries): after any sequence of sets, replacements and removals, every attribute reads
    /// what a dictionary given the same changes holds, the values list in attribute order, and a
    /// copy taken before a change keeps what it had.
    @Test func valuesFoundByBitCountMatchADictionaryAfterAnyChanges() {
        for seed in 0..<64 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            var values = AttributeValues()
            var model: [Attribute: String] = [:]
            for step in 0..<48 {
                let attribute = Attribute.allCases.randomElement(using: &random)!
                let value = Bool.random(using: &random) ? nil : "v\(step)-\(attribute.rawValue)"
                let before = values
                let modelBefore = model
                values[attribute] = value
                model[attribute] = value
                #expect(before.dictionary == modelBefore)
                for each in Attribute.allCases { #expect(values[each] == model[each]) }
                #expect(values.map(\.key) == model.keys.sorted { $0.ordinal < $1.ordinal })
                #expect(values == AttributeValues(model))
                #expect(values.isEmpty == model.isEmpty)
            }
        }
    }

    /// The in-place comparison (`value(of:equals:)`, `Event.attribute(_:equals:)`, what equality
    /// conditions use) says what comparing the subscript's copy says: `nil` for an unknown
    /// attribute, and the same answer for equal, different, longer, shorter, empty and non-ASCII
    /// values, after any sequence of changes.
    @Test func comparingInPlaceAgreesWithComparingTheCopy() {
        let probes = ["", "7", "70", "download", "com.acme.bg", "café", "<private>", "a much longer value than any"]
        for seed in 0..<32 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            var values = AttributeValues()
            for _ in 0..<24 {
                let attribute = Attribute.allCases.randomElement(using: &random)!
                values[attribute] = Bool.random(using: &random) ? nil : probes.randomElement(using: &random)!
                let event = Event(kind: .taskComplete, values: values, line: 1)
                for each in Attribute.allCases {
                    for probe in probes {
                        let expected = values[each].map { $0 == probe }
                        #expect(values.value(of: each, equals: probe) == expected)
                        #expect(event.attribute(each, equals: probe) == expected)
                    }
                }
            }
        }
    }
}
