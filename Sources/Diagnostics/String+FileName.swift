extension String {
    /// What follows the last `/` (`app.cbevents` of `rules/app.cbevents`, `CFNetworkDownload_W1.tmp`
    /// of a `file:///…` URL), or the whole string when it has none. Found from the end: splitting
    /// a long URL at every slash cost more than the rest of the trace builder's inference. The
    /// bytes are searched in place when the string holds them contiguously (a native one does):
    /// stepping `utf8` indices back over a 100-byte URL cost about 1 000 instructions a call.
    package var fileName: String {
        let slash = UInt8(ascii: "/")
        if let name = utf8.withContiguousStorageIfAvailable({ bytes -> String in
            guard let index = bytes.lastIndex(of: slash) else { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)...]), as: UTF8.self)
        }) {
            return name
        }
        guard let index = utf8.lastIndex(of: slash) else { return self }
        return String(self[utf8.index(after: index)...])
    }
}
