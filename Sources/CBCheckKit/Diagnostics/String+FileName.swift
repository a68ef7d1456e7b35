extension String {
    /// What follows the last `/` (`app.cbevents` of `rules/app.cbevents`, `CFNetworkDownload_W1.tmp`
    /// of a `file:///…` URL), or the whole string when it has none. Found from the end: splitting
    /// a long URL at every slash cost more than the rest of the trace builder's inference.
    var fileName: String {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return String(self[utf8.index(after: slash)...])
    }
}
