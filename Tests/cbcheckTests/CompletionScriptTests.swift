import Foundation
import TestSupport
import Testing

/// `cbcheck --generate-completion-script`: the bash script, sourced in bash, completes what a
/// user types (subcommands, options, an option's fixed values, rule ids from `cbcheck rules`);
/// zsh gets the same function through bashcompinit; any other shell is an error.
@Suite struct CompletionScriptTests {
    /// What the completion offers for the words typed so far, the last one being completed.
    private func complete(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <("$CBCHECK" --generate-completion-script bash)
            COMP_WORDS=("$CBCHECK" \(quoted)); COMP_CWORD=\(words.count)
            _cbcheck
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try TestSupport.shell(script)
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsValuesAndRuleIDs() throws {
        #expect(try complete(["ex"]) == ["explain"])
        #expect(try complete(["--fo"]) == ["--format"])
        #expect(try complete(["--format", "s"]) == ["sarif"])
        #expect(try complete(["--color", ""]) == ["auto", "always", "never"])
        #expect(try complete(["trace", "--max-"]) == ["--max-input-size", "--max-open-tasks"])
        #expect(try complete(["explain", "CB10"]) == (1...9).map { "CB10\($0)" })
        #expect(try complete(["check", "--require-checked", "CB50"]).count == 8)
        #expect(try complete(["help", "le"]) == ["learn"])
        #expect(try complete(["test", "--"]).contains("--mutate"))
        #expect(try complete(["Samples/background-d"]) == ["Samples/background-download.log"])
    }

    @Test func zshGetsTheBashFunctionAndOtherShellsAnError() throws {
        let zsh = try TestSupport.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0)
        #expect(zsh.stdout.hasPrefix("#compdef cbcheck\n"))
        #expect(zsh.stdout.contains("autoload -U +X bashcompinit && bashcompinit\n"))
        #expect(zsh.stdout.contains("complete -o filenames -o bashdefault -F _cbcheck cbcheck\n"))
        let fish = try TestSupport.run(["--generate-completion-script", "fish"])
        #expect(fish.status == 2)
        #expect(fish.stderr == "Error: '--generate-completion-script' takes a shell: bash or zsh\n")
    }
}
