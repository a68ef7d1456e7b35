/// The shell completion script `cbcheck --generate-completion-script bash|zsh` prints, made
/// from the subcommands' specs as swift-argument-parser makes its own: subcommand names, each
/// command's options, the values of options that have a fixed set, file names where a value or
/// argument is a path, and rule ids (asked of `cbcheck rules` when completing) where it is a rule.
/// zsh gets the bash function through `bashcompinit`, so one script is tested for both.
enum CompletionScript {
    static let shells = ["bash", "zsh"]

    /// The script for `shell`, or nil for a shell it is not made for.
    static func script(for shell: String, tool: String, subcommands: [CommandSpec]) -> String? {
        switch shell {
        case "bash": return bash(tool: tool, subcommands: subcommands)
        case "zsh":
            return "#compdef \(tool)\n# zsh completion for \(tool): the bash completion, through bashcompinit.\n"
                + "autoload -U +X bashcompinit && bashcompinit\n" + bash(tool: tool, subcommands: subcommands)
        default: return nil
        }
    }

    private static func bash(tool: String, subcommands: [CommandSpec]) -> String {
        let function = "_" + tool.filter { $0.isLetter || $0.isNumber }
        let names = subcommands.map(\.name) + ["help"]
        let defaultCommand = subcommands.first { $0.isDefault }?.name ?? subcommands[0].name
        var script = """
            # bash completion for \(tool); made by `\(tool) --generate-completion-script bash`.
            \(function)_rules() { "${COMP_WORDS[0]}" rules 2>/dev/null | while read -r id _; do printf '%s\\n' "$id"; done; }
            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command=\(defaultCommand)
                case "${COMP_WORDS[1]}" in
                    \(names.joined(separator: "|"))) command="${COMP_WORDS[1]}" ;;
                esac
                COMPREPLY=()
                case "$command" in

            """
        for spec in subcommands {
            script += "        \(spec.name))\n"
            script += cases(for: spec, function: function)
            script += "            ;;\n"
        }
        script += """
                    help)
                        (( COMP_CWORD == 2 )) && COMPREPLY=($(compgen -W "\(subcommands.map(\.name).joined(separator: " "))" -- "$cur"))
                        return ;;
                esac
                if (( COMP_CWORD == 1 )); then
                    COMPREPLY+=($(compgen -W "\(names.joined(separator: " ")) --version --generate-completion-script" -- "$cur"))
                fi
            }
            complete -o filenames -o bashdefault -F \(function) \(tool)

            """
        return script
    }

    /// One command's completions: an option's value after it, its options after a dash, else
    /// its arguments.
    private static func cases(for spec: CommandSpec, function: String) -> String {
        let options = spec.options + [CommandSpec.helpOption]
        var text = "            case \"$prev\" in\n"
        for option in options where option.valueName != nil {
            text +=
                "                \(option.names.joined(separator: "|"))) \(values(of: option, function)); return ;;\n"
        }
        text += "            esac\n"
        let words = options.flatMap(\.names).joined(separator: " ")
        text +=
            "            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return; fi\n"
        text += "            \(argumentValues(of: spec, function))\n"
        return text
    }

    /// What completes an option's value: its fixed set, rule ids, file names, or nothing.
    private static func values(of option: CommandSpec.Option, _ function: String) -> String {
        if let allowed = option.allowedValues {
            return "COMPREPLY=($(compgen -W \"\(allowed.joined(separator: " "))\" -- \"$cur\"))"
        }
        switch option.valueName ?? "" {
        case "<rule>": return "COMPREPLY=($(compgen -W \"$(\(function)_rules)\" -- \"$cur\"))"
        case "<dir>": return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case "<file>", "<path>", "<format>=<file>": return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        default: return ":"
        }
    }

    /// What completes a command's positional arguments: rule ids for `explain`, files otherwise.
    private static func argumentValues(of spec: CommandSpec, _ function: String) -> String {
        guard let argument = spec.arguments.first else { return "return" }
        if argument.name == "rule" { return "COMPREPLY=($(compgen -W \"$(\(function)_rules)\" -- \"$cur\"))" }
        return "COMPREPLY=($(compgen -f -- \"$cur\"))"
    }
}
