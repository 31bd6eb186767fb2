/// One scope's end, from its close to its report: what a parent's end, a later
/// `endAndWait`, and the rest of a handed-off `end()` wait for.
///
/// Made by the shell before the lock, and recorded by the transition that closes the scope
/// (``ScopeState/close(with:)``), so whoever finds the scope closing finds its ending too.
///
/// It counts the children whose ends run elsewhere — on another thread, in another task,
/// or further up this thread's stack — that this end waits for before its own steps. A
/// synchronous end never blocks on one: it leaves the rest of its steps here, and whoever
/// finishes the last of those children runs them (``childrenWalked(of:)``).
package final class Ending: Sendable {
    /// The report of the whole end, the children's included, given once it is done.
    package let done = OneShot<EndReport>()
    /// Where the end was called; `nil` for a container released without one.
    let site: SourceSite?

    private struct State {
        /// Whether the walk over the children is still going: until it is over, a child
        /// that finishes only counts down.
        var walking = true
        /// Children ending elsewhere, not done yet: named, for an awaited end that stops
        /// waiting for them at its deadline (``childrenOverran``).
        var pending: [ContainerDescription] = []
        /// The reports of the children done so far.
        var children = EndReport()
        /// The scope whose end this is, kept by a walk that found children pending: whoever
        /// finishes the last of them runs the rest of its steps.
        var rest: ScopeCore?
    }

    private let state = Lock(State())

    package init(at site: SourceSite?) { self.site = site }

    /// Adds the report of a child that ended during the walk.
    package func absorb(_ report: EndReport) {
        state.withLock { $0.children.absorb(report) }
    }

    /// Waits for `child`, a child's ending that may still run elsewhere: its report joins
    /// this end's when it is done, and this end goes on only after it.
    ///
    /// - Parameters:
    ///   - child: The child's ending.
    ///   - name: The child, named in ``childrenOverran`` while it is pending.
    package func waitFor(_ child: Ending, of name: ContainerDescription) {
        // Most children are done by now, walked on this thread: nothing to keep pending.
        if let report = child.done.given { return absorb(report) }
        state.withLock { $0.pending.append(name) }
        let waiting = child.done.whenGiven { [self] report in childDone(name, report) }
        if !waiting, let report = child.done.given { childDone(name, report) }
    }

    /// Waits for a child that ended quietly elsewhere to leave its parent.
    ///
    /// Such a child is still releasing what it held; `left` is given when it leaves
    /// (``ScopeState/awaitLeaving(_:signal:)``). Its report went to whoever ended it.
    package func waitFor(leaving left: OneShot<Void>, of name: ContainerDescription) {
        state.withLock { $0.pending.append(name) }
        let waiting = left.whenGiven { [self] _ in childDone(name, EndReport()) }
        if !waiting { childDone(name, EndReport()) }
    }

    /// Ends the walk over the children of `scope`, whose end this is.
    ///
    /// - Returns: The children's reports, when none is pending: the caller goes on with the
    ///   end's own steps. `nil` when some are: the thread or task that finishes the last runs
    ///   them, synchronously, with those reports (``EndSequence/finishNow(_:children:)``).
    package func childrenWalked(of scope: ScopeCore) -> EndReport? {
        state.withLock { state in
            state.walking = false
            guard !state.pending.isEmpty else { return state.children }
            state.rest = scope
            return nil
        }
    }

    #if STRATA_EXPLORER
        /// Whether a child ending elsewhere is still pending: for the explorer's invariants.
        package var waitsForChildren: Bool { state.withLock { !$0.pending.isEmpty } }
    #endif

    /// The reports of the children that ended so far: what a handed-off `end()` returns.
    var childrenSoFar: EndReport { state.withLock(\.children) }

    /// The reports of the children that ended so far, with each child still pending listed
    /// as overran: what an awaited end that stops waiting at its deadline returns.
    var childrenOverran: EndReport {
        state.withLock { state in
            var report = state.children
            for name in state.pending
            where !report.overran.contains(where: {
                $0.origin == .child && $0.containerDescription == name
            }) {
                report.addOverran(EndWork(origin: .child, container: name, site: nil), nil)
            }
            return report
        }
    }

    private func childDone(_ name: ContainerDescription, _ report: EndReport) {
        let go: (scope: ScopeCore, children: EndReport)? = state.withLock { state in
            state.children.absorb(report)
            if let done = state.pending.firstIndex(of: name) { state.pending.remove(at: done) }
            guard !state.walking, state.pending.isEmpty, let scope = state.rest.take() else {
                return nil
            }
            return (scope, state.children)
        }
        guard let go else { return }
        let sequence = EndSequence(go.scope)
        // Given by work of a scope below — a request ending inline in its body's task — the
        // rest of an ancestor's end does not run in that task: it goes to work of its own,
        // nobody's, as an end called from such work does.
        guard TrackedWork.runningFor?.isWithin(go.scope) == true, !Self.mutatedToRunInline else {
            _ = sequence.finishNow(self, children: go.children)
            return
        }
        let children = go.children
        TrackedWork(for: nil) {
            TrackedWork.$runningFor.withValue(nil) {
                _ = sequence.finishNow(self, children: children)
            }
        }.start()
    }

    /// The explorer's mutation check: an ancestor's rest run in the task that finished its
    /// last child, as it would be without the hand-off above.
    private static var mutatedToRunInline: Bool {
        #if STRATA_EXPLORER
            Interleavings.mutation == "ancestor-inline"
        #else
            false
        #endif
    }
}
