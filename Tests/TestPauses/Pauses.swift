// The only pauses the test targets take. A test waits on a signal — a gate, a continuation,
// a stream — wherever there is one; these two are for what gives none: work Strata started
// and nobody awaits, another process's output, and fixtures that must still be running when
// a deadline or a grace period passes.
import Foundation

/// Asks `condition` every `interval` until it holds or `limit` has passed: a bounded poll,
/// for a state that nothing signals.
///
/// ```swift
/// #expect(await poll { log.all.contains("async hook") })
/// ```
///
/// - Parameters:
///   - interval: The pause between two questions.
///   - limit: How long to go on asking: the test fails when it returns `false`, so it is a
///     bound, well inside the test's time limit, never an expected duration.
///   - condition: The state to wait for.
/// - Returns: Whether `condition` held; `false` when `limit` passed first or the task was
///   cancelled.
public func poll(
    every interval: Duration = .milliseconds(10), within limit: Duration = .seconds(10),
    until condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !Task.isCancelled {
        if await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: interval)
    }
    return false
}

/// Lasts `duration` in the current task: a fixture's work — an async hook, a view that lets
/// go late — that must still be running when a deadline or a grace period passes.
///
/// A cancellation of the task ends it early.
///
/// - Parameter duration: How long the work lasts.
public func outlast(_ duration: Duration) async {
    try? await Task.sleep(for: duration)
}

/// Blocks the current thread for `duration`: a synchronous end — a `scopeDidEnd()` — that
/// must still be running when a deadline passes.
///
/// - Parameter duration: How long the end blocks.
public func outlast(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
}
