import Dispatch

/// An end in progress, for whoever must wait for it: a parent whose own end reaches a child
/// already ending elsewhere waits for that end, and takes its report, so that "children
/// first" holds whoever started the child's end.
///
/// Two kinds, as the end was started:
/// - by `end()` on some thread, which holds ``Ending/token`` while it ends the scope; a
///   synchronous waiter blocks on it with the ``WaitGraph`` watching, so a wait that would
///   never end — the ending thread itself, or one it waits for — does not wait;
/// - by `endAndWait`, whose teardown runs in a task.
package enum EndInProgress: Sendable {
    case ending(Ending)
    case teardown(Teardown)

    /// The end's report once it is done, blocking the calling thread until then; an empty
    /// report when waiting would never end.
    func reportBlocking() -> EndReport {
        switch self {
        case .ending(let ending):
            return ending.reportBlocking()
        case .teardown(let teardown):
            return teardown.reportBlocking()
        }
    }

    /// The end's report once it is done.
    func report() async -> EndReport {
        switch self {
        case .ending(let ending): await ending.report()
        case .teardown(let teardown): await teardown.report()
        }
    }
}

/// An end that `end()` runs on one thread: the token that thread holds while it ends the
/// scope, and the report it leaves.
///
/// Made by the shell before the lock, and recorded by the transition that moves the scope to
/// ending (``ScopeState/beginWalk(with:)``).
package final class Ending: Sendable {
    /// Held by the ending thread from the first step of the end to its report.
    let token: Construction
    private let done = DoneSignal()

    package init(by agent: Agent) { token = Construction(builder: agent) }

    /// Runs the end, `body`, holding the token, and leaves its report for the waiters
    /// before it lets go.
    func run(_ body: () -> EndReport) -> EndReport {
        token.gate.withLock { _ in
            defer { token.finish() }
            let report = body()
            done.finish(report)
            return report
        }
    }

    /// The report, once the end is done, blocking until then unless that would never end:
    /// on the ending thread itself, or on one that waits for this one.
    func reportBlocking() -> EndReport {
        let stack = ResolutionStack.current
        guard WaitGraph.blockUnlessCycle(agent: stack.agent, frames: stack.frames, on: token)
        else { return EndReport() }
        return done.wait()
    }

    /// The report, once the end is done.
    func report() async -> EndReport { await done.value() }
}

/// An end that `endAndWait` runs in a task of its own, so that cancelling a caller does not
/// stop it halfway: made by the shell before the lock, recorded by the transition that moves
/// the scope to ending (``ScopeState/beginTeardown(_:)``), and started once the lock is let
/// go; every caller awaits its report.
package final class Teardown: Sendable {
    private let done = DoneSignal()

    package init() {}

    /// Runs the teardown, `body`, and leaves its report for the waiters.
    func run(_ body: () async -> EndReport) async {
        done.finish(await body())
    }

    /// The report, once the teardown is done.
    func report() async -> EndReport { await done.value() }

    /// The report, once the teardown is done, blocking until then.
    func reportBlocking() -> EndReport { done.wait() }
}

/// A report handed from the end that makes it to those who wait for it, blocking or
/// awaiting.
final class DoneSignal: Sendable {
    private struct State {
        var report: EndReport?
        var waiters: [CheckedContinuation<EndReport, Never>] = []
    }

    private let state = Lock(State())
    /// Entered until the report is there.
    private let gate = DispatchGroup()

    init() { gate.enter() }

    deinit {
        // One made and never finished — an ending or a teardown prepared for an end that had
        // begun elsewhere — has no waiters, which would hold it: balance the group, which
        // must not be freed entered.
        if state.withLock({ $0.report == nil }) { gate.leave() }
    }

    func finish(_ report: EndReport) {
        let waiters = state.withLock { state in
            state.report = report
            defer { state.waiters = [] }
            return state.waiters
        }
        gate.leave()
        for waiter in waiters { waiter.resume(returning: report) }
    }

    /// Blocks until the report is there.
    func wait() -> EndReport {
        gate.wait()
        return state.withLock { $0.report } ?? EndReport()
    }

    /// Awaits the report.
    func value() async -> EndReport {
        await withCheckedContinuation { continuation in
            let report = state.withLock { state in
                if state.report == nil { state.waiters.append(continuation) }
                return state.report
            }
            if let report { continuation.resume(returning: report) }
        }
    }
}
