/// How an end waits on its children: the drain, a child ending elsewhere, and the order
/// the children end in.
extension EndSequence {
    /// Lists this child in its parent's report as still ending at the deadline.
    func overran(into parent: Ending) {
        var report = EndReport()
        report.addOverran(
            EndWork(origin: .child, container: core.containerDescription, site: nil), nil)
        parent.absorb(report)
    }

    /// The signal given when this scope, ended quietly elsewhere and still releasing what it
    /// held, leaves its parent; `nil` when it has left.
    func leavingSignal() -> OneShot<Void>? {
        guard let parent = core.parent else { return nil }
        let left = OneShot<Void>()
        return parent.transition({ $0.awaitLeaving(core, signal: left) }) ? left : nil
    }

    /// Waits, up to `deadline`, for this scope, ended quietly elsewhere, to leave its parent.
    func awaitLeaving(until deadline: ContinuousClock.Instant) async {
        guard let left = leavingSignal() else { return }
        _ = await left.value(until: deadline)
    }

    /// Step 2: waits until no child is live, or `deadline`; lists in `ending`'s report the
    /// children still live then, which step 3 ends.
    ///
    /// - Returns: Whether the deadline passed with children still live, listed.
    func drain(until deadline: ContinuousClock.Instant, into ending: Ending) async -> Bool {
        let drained = OneShot<Void>()
        guard core.transition({ $0.drain(signalling: drained) }) else { return false }
        guard await drained.value(until: deadline) == nil else { return false }
        var report = EndReport()
        for child in core.liveChildren {
            report.addOverran(
                EndWork(origin: .child, container: child.containerDescription, site: nil), nil)
        }
        ending.absorb(report)
        return true
    }

    /// The live children in the order they end: those a ``ContainerStack`` or
    /// ``ContainerTabs`` keeps, in its order, then the others, newest made first.
    func childrenInEndOrder() -> [ScopeCore] {
        let (children, presenters) = core.read { ($0.liveChildren, $0.presenters) }
        guard !presenters.isEmpty else { return children }
        var ordered: [ScopeCore] = []
        for presenter in presenters {
            for child in presenter.presentedNewestFirst
            where children.contains(where: { $0 === child })
                && !ordered.contains(where: { $0 === child })
            {
                ordered.append(child)
            }
        }
        return ordered + children.filter { child in !ordered.contains { $0 === child } }
    }
}
