/// The tree's trace handler: installed on the root, read by every core below it.
extension ScopeCore {
    func setTracer(_ tracer: (@Sendable (TraceEvent) -> Void)?) {
        let replaced: (@Sendable (TraceEvent) -> Void)? = transition { state in
            // Clearing a handler that was never set makes no side state.
            guard tracer != nil || state.side != nil else { return nil }
            let side = state.sideForWriting()
            defer { side.tracer = tracer }
            return side.tracer
        }
        _ = replaced  // released outside the lock, like every replaced closure
    }

    func trace(_ event: @autoclosure () -> TraceEvent) {
        guard let tracer else { return }
        tracer(event())
    }

    /// The trace handler of the tree, if one is installed: fetch it once for a run of events.
    ///
    /// A tree without one answers from an atomic flag, without the root's lock; inlined,
    /// since every resolution that builds and every end asks.
    @inline(__always)
    var tracer: (@Sendable (TraceEvent) -> Void)? {
        let root = self.root
        guard root.isTracing.load(ordering: .acquiring) else { return nil }
        return root.installedTracer
    }

    /// This root's trace handler, read under the lock.
    private var installedTracer: (@Sendable (TraceEvent) -> Void)? { read { $0.side?.tracer } }
}
