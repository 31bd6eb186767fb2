// A tree's trace receivers, kept in its root's side state, and the handler every core reads.

extension ScopeCore {
    /// Adds `receive` to the tree's trace receivers.
    ///
    /// - Returns: Its number, for ``removeTracer(_:)``.
    func addTracer(_ receive: @escaping @Sendable (TraceEvent) -> Void) -> UInt64 {
        changeTracers { side in
            side.lastTraceReceiver += 1
            side.traceReceivers.append((side.lastTraceReceiver, receive))
            return side.lastTraceReceiver
        }
    }

    /// Removes the trace receiver numbered `number`, if it is still there.
    func removeTracer(_ number: UInt64) {
        changeTracers { side in side.traceReceivers.removeAll { $0.number == number } }
    }

    /// Applies `change` to the receivers, and makes the handler every core reads call them.
    private func changeTracers<Result>(_ change: (SideState) -> Result) -> Result {
        let (result, replaced) = transition { state in
            let side = state.sideForWriting()
            let result = change(side)
            let receivers = side.traceReceivers.map(\.receive)
            let replaced = side.tracer
            switch receivers.count {
            case 0: side.tracer = nil
            case 1: side.tracer = receivers[0]
            default: side.tracer = { event in for receive in receivers { receive(event) } }
            }
            return (result, replaced)
        }
        _ = replaced  // released outside the lock, like every replaced closure
        return result
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
