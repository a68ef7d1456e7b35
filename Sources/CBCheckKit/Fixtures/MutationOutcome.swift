import Diagnostics

/// A fixture re-checked under one mutation, with its mismatches mapped back to the original's
/// line numbers so the author can find the annotation that flipped.
public struct MutationOutcome: Sendable {
    public var mutation: FixtureMutation
    public var result: FixtureRunner.Result

    /// Applies `mutation` to the fixture `text` and checks the mutated copy.
    /// - Throws: a `Diagnostic` when the mutated copy cannot be checked.
    public static func check(
        path: String, text: String, under mutation: FixtureMutation, with runner: FixtureRunner
    ) throws(Diagnostic) -> MutationOutcome {
        let mutated = mutation.apply(to: text)
        var result = try runner.run(text: mutated.text, displayPath: path)
        result.mismatches = result.mismatches.map { mismatch in
            var mapped = mismatch
            let index = mismatch.line - 1
            if index >= 0, index < mutated.origin.count, let original = mutated.origin[index] {
                mapped.line = original
            } else {
                mapped.actual = (mapped.actual ?? "") + " (on a line the mutation inserted)"
            }
            return mapped
        }
        return MutationOutcome(mutation: mutation, result: result)
    }
}
