import Dispatch

/// An end in progress, for whoever must wait for it: a parent whose own end reaches a child
/// already ending elsewhere waits for that end, and takes its report, so that "children
/// first" holds whoever started the child's end.
///
/// Two kinds, as the end was started:
/// - by `end()` on some thread, which holds ``Ending/token`` while it ends the scope; a
///   synchronous waiter blocks on it with the ``WaitGraph`` watching, so a wait that would
///   never end — the ending thread itself, or one it waits for — does not wait;
/// - by `endAndWait`, whose teardown is a task.
enum EndInProgress: Sendable {
    case ending(Ending)
    case teardown(Task<EndReport, Never>)

    /// The end's report once it is done, blocking the calling thread until then; an empty
    /// report when waiting would never end.
    func reportBlocking() -> EndReport {
        switch self {
        case .ending(let ending):
            return ending.reportBlocking()
        case .teardown(let task):
            let done = DoneSignal()
            Task { done.finish(await task.value) }
            return done.wait()
        }
    }

    /// The end's report once it is done.
    func report() async -> EndReport {
        switch self {
        case .ending(let ending): await ending.report()
        case .teardown(let task): await task.value
        }
    }
}

/// An end that `end()` runs on one thread: the token that thread holds while it ends the
/// scope, and the report it leaves.
final class Ending: Sendable {
    /// Held by the ending thread from the first step of the end to its report.
    let token: Construction
    private let done = DoneSignal()

    init(by agent: Agent) { token = Construction(builder: agent) }

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
