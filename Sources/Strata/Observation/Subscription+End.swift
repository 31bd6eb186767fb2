extension Subscription {
    /// Stops, without waiting, the handlers of the subscriptions among `hooks`, a container's
    /// at the start of its own steps: no call of them starts after this returns.
    ///
    /// The end does not block on a call running on another thread: it hands the rest of its
    /// steps to the signal returned, as it does to a child ending elsewhere.
    ///
    /// - Returns: A signal given, on the thread of the last, once every call that was running
    ///   on another thread has returned; `nil` when none was.
    static func stopHandlers(of hooks: [ScopeState.Hook]) -> OneShot<Void>? {
        var signals: [OneShot<Void>] = []
        for hook in hooks {
            guard case .subscription(let subscription) = hook.kind,
                let returned = subscription.stopWithoutWaiting()
            else { continue }
            signals.append(returned)
        }
        guard signals.count > 1 else { return signals.first }
        let all = OneShot<Void>()
        let left = Countdown(signals.count)
        for signal in signals {
            let countDown: @Sendable () -> Void = {
                if left.reachedZero() { all.give(()) }
            }
            if !signal.whenGiven({ _ in countDown() }) { countDown() }
        }
        return all
    }
}

/// The signals an end still waits for.
private final class Countdown: Sendable {
    private let left: Lock<Int>

    init(_ count: Int) { left = Lock(count) }

    /// Counts one down.
    ///
    /// - Returns: Whether it was the last.
    func reachedZero() -> Bool {
        left.withLock { left in
            left -= 1
            return left == 0
        }
    }
}
