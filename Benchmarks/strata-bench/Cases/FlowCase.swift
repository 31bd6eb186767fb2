import Strata

extension BenchCase {
    /// A whole flow: sign in (make the session), open and close ten interactions that each
    /// resolve three providers reading their parents, sign out; against hand-written
    /// containers that keep the same guarantees (``GuardedContainer``).
    static let wholeFlow = BenchCase(
        name: "flow", title: "flow: session, 10 interactions × 3 resolves, sign out",
        unit: "ns/flow", baseline: "hand-written containers with the guarantees",
        target: .ratio(atMost: 3)
    ) { settings throws(BenchFailure) in
        let app = BenchAppContainer()
        let hand = GuardedFlowApp()
        try checkFlow(under: app)
        let strataSink = Sink()
        let handSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let session = FlowSession(parent: app)
                    for _ in 0..<10 {
                        let interaction = FlowInteraction(parent: session)
                        strataSink.blackHole(interaction.editor())
                        strataSink.blackHole(interaction.summary())
                        strataSink.blackHole(interaction.profile())
                        _ = interaction.end()
                    }
                    _ = session.end()
                }
            },
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let session = GuardedFlowSession(parent: hand)
                    for _ in 0..<10 {
                        let interaction = GuardedFlowInteraction(parent: session)
                        handSink.blackHole(interaction.editor)
                        handSink.blackHole(interaction.summary)
                        handSink.blackHole(interaction.profile)
                        interaction.end()
                    }
                    session.end()
                }
            },
            settings: settings)
        try check(app.tree.children.isEmpty, "signed-out sessions are still in the tree")
        return figures
    }

    /// Checks one flow: the interactions share the session's user, and sign-out ends it.
    private static func checkFlow(under app: BenchAppContainer) throws(BenchFailure) {
        let session = FlowSession(parent: app)
        let first = FlowInteraction(parent: session)
        let second = FlowInteraction(parent: session)
        try check(
            first.editor().user === second.editor().user
                && first.summary().api === app.apiClient(),
            "the interactions did not share their parents' instances")
        try check(
            first.end().watched.isEmpty && second.end().watched.isEmpty,
            "an interaction's end left survivors")
        try check(session.end().watched.isEmpty, "sign-out left survivors")
        try check(!session.isActive, "a signed-out session is still active")
    }
}
