extension Finding {
    /// What a finding is, independent of the capture it came from: the rule, the slice's role and
    /// the kinds of its evidence events. Two captures of the same story (other pids, time stamps,
    /// UUIDs, task numbers, line numbers, interleaved chatter) give the same identity, so a
    /// baseline written from one capture still recognizes the findings of the next.
    public struct Identity: Hashable, Sendable {
        /// `CB101`.
        public var rule: String
        /// The slice's keys with only what is stable across captures: `run, identifier
        /// com.acme.bg`. A session identifier keeps its text with UUIDs shown as `<uuid>` and digit
        /// runs as `<n>`; run, task, bgtask and port numbers are assigned at run time, so only the
        /// key's name stays.
        public var sliceRole: String
        /// The evidence events' kinds in log order: `app.handleEvents, app.handler.called`.
        public var evidenceKinds: [String]

        /// `CB101:` and 16 hexadecimal digits of the 64-bit FNV-1a hash of the three parts: short
        /// enough for SARIF's `partialFingerprints`, and stable across versions of Swift (unlike
        /// `Hasher`, which is seeded per process).
        public var fingerprint: String {
            let text = ([rule, sliceRole] + evidenceKinds).joined(separator: "\u{1F}")
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            return "\(rule):" + hash.hex(width: 16, uppercase: false)
        }
    }

    /// The finding's capture-independent identity (see `Identity`).
    public var identity: Identity {
        let role = sliceKeys.map { key, value in
            key == .identifier ? "identifier \(Self.stableShape(of: value))" : key.rawValue
        }
        let kinds = evidence.sorted { $0.line < $1.line }.map(\.kind)
        return Identity(rule: ruleID, sliceRole: role.joined(separator: ", "), evidenceKinds: kinds)
    }

    /// `identity.fingerprint`: what `--baseline`, the JSON report and SARIF's
    /// `partialFingerprints` compare.
    public var fingerprint: String { identity.fingerprint }

    // MARK: - Private

    /// `value` with UUIDs replaced by `<uuid>` and runs of digits by `<n>`: what an identifier that
    /// embeds a UUID, a pid or a time stamp keeps from one capture to the next.
    static func stableShape(of value: String) -> String {
        let characters = Array(value)
        var output = ""
        var index = 0
        while index < characters.count {
            if isUUID(characters, at: index) {
                output += "<uuid>"
                index += 36
            } else if characters[index].isASCII, characters[index].isNumber {
                while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
                output += "<n>"
            } else {
                output.append(characters[index])
                index += 1
            }
        }
        return output
    }

    /// Whether the 36 characters at `start` are a UUID (8-4-4-4-12 hexadecimal digits).
    private static func isUUID(_ characters: [Character], at start: Int) -> Bool {
        guard start + 36 <= characters.count else { return false }
        for offset in 0..<36 {
            let character = characters[start + offset]
            let isDash = [8, 13, 18, 23].contains(offset)
            if isDash ? character != "-" : !character.isHexDigit { return false }
        }
        return true
    }
}
