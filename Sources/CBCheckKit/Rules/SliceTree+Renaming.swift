/// Renaming a run's unnamed session slice once a line names the session (`BindingNote`): its
/// monitors keep their state, so a handleEvents scope opened by a line that named no session is
/// the same scope the session's later lines are judged in.
extension SliceTree {
    /// Renames the slices of `event`'s run keyed by the unnamed session to the identifier
    /// `event` names, unless a slice of that identifier exists there already.
    func nameUnnamedSession(by event: Event) {
        guard let level = keys.firstIndex(of: .identifier), let identifier = event[.identifier] else { return }
        renameChildren(
            at: root, level: 0, identifierLevel: level, event: event,
            from: BindingNote.unnamedSession, to: identifier)
    }

    private func renameChildren(
        at node: Node, level: Int, identifierLevel: Int, event: Event, from old: String, to new: String
    ) {
        guard level == identifierLevel else {
            if case .some(.some(let value)) = keys[level].value(of: event) {
                if let child = node.child(value) {
                    renameChildren(
                        at: child, level: level + 1, identifierLevel: identifierLevel, event: event, from: old, to: new)
                }
            } else {
                for child in node.orderedChildren {
                    renameChildren(
                        at: child.node, level: level + 1, identifierLevel: identifierLevel, event: event, from: old,
                        to: new)
                }
            }
            return
        }
        guard let unnamed = node.child(old), node.child(new) == nil else { return }
        node.setChild(nil, old)
        node.setChild(unnamed, new)
        forEachLeaf(under: unnamed, level: level) { $0.renameKey(at: identifierLevel, to: new) }
    }

    private func forEachLeaf(under node: Node, level: Int, _ visit: (Node) -> Void) {
        if level + 1 == keys.count { return visit(node) }
        for child in node.orderedChildren { forEachLeaf(under: child.node, level: level + 1, visit) }
    }
}
