/// A value given once, which any number of callers wait for: by awaiting it, or by leaving
/// a callback that runs when it is given.
///
/// The one one-shot of the engine: an end's report (``Ending``), the answer a task's
/// construction waits for (``Construction``), a piece of work finishing (``TrackedWork``),
/// the last child of a draining end leaving. Nothing blocks a thread on one: whoever needs
/// the value before it is given awaits it, or hands the rest of its work to the callback.
///
/// The first ``give(_:)`` counts; later ones are ignored. Waiters are resumed, and callbacks
/// run, outside the lock, on the thread that gives the value.
package final class OneShot<Value: Sendable>: Sendable {
    private enum Waiter {
        case task(CheckedContinuation<Value?, Never>)
        case callback(@Sendable (Value) -> Void)
    }

    /// The waiters in the order they came, each with its number: an array, not a
    /// dictionary, since most one-shots have one waiter or none, and numbers only grow.
    private struct Waiting {
        var waiters: [(number: Int, waiter: Waiter)] = []
        var next = 0

        mutating func add(_ waiter: Waiter) -> Int {
            defer { next += 1 }
            waiters.append((next, waiter))
            return next
        }

        mutating func remove(_ number: Int) -> Waiter? {
            guard let index = waiters.firstIndex(where: { $0.number == number }) else {
                return nil
            }
            return waiters.remove(at: index).waiter
        }
    }

    private enum State {
        case waiting(Waiting)
        case given(Value)
    }

    private let state = Lock(State.waiting(Waiting()))

    package init() {}

    /// Gives the value, if none was given yet, and wakes every waiter with it.
    ///
    /// - Returns: Whether this call gave it.
    @discardableResult
    package func give(_ value: Value) -> Bool {
        let waiters: [Waiter]? = state.withLock { state in
            guard case .waiting(let waiting) = state else { return nil }
            state = .given(value)
            // In the order they came: a parent that left a callback first is told first.
            return waiting.waiters.map(\.waiter)
        }
        guard let waiters else { return false }
        for waiter in waiters {
            switch waiter {
            case .task(let continuation): continuation.resume(returning: value)
            case .callback(let callback): callback(value)
            }
        }
        return true
    }

    /// The value, if it was given.
    package var given: Value? {
        state.withLock { state in
            if case .given(let value) = state { value } else { nil }
        }
    }

    /// Runs `callback` with the value when it is given.
    ///
    /// - Returns: `false`, without keeping the callback, when the value was given already:
    ///   the caller goes on with ``given``.
    package func whenGiven(_ callback: @escaping @Sendable (Value) -> Void) -> Bool {
        state.withLock { state in
            guard case .waiting(var waiting) = state else { return false }
            _ = waiting.add(.callback(callback))
            state = .waiting(waiting)
            return true
        }
    }

    /// The value, once given, awaited whether or not the awaiting task is cancelled.
    package func outcome() async -> Value {
        if let value = given { return value }
        return await withCheckedContinuation { continuation in
            let waiting = whenGiven { continuation.resume(returning: $0) }
            if !waiting, let value = given { continuation.resume(returning: value) }
        }
    }

    /// The value, once given; `nil` when the awaiting task is cancelled first.
    package func value() async -> Value? {
        if let value = given { return value }
        let ticket = Lock<Int?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let found: Value?? = state.withLock { state in
                    switch state {
                    case .given(let value):
                        return .some(value)
                    case .waiting(var waiting):
                        let number = waiting.add(.task(continuation))
                        state = .waiting(waiting)
                        ticket.withLock { $0 = number }
                        return .none
                    }
                }
                if let found { return continuation.resume(returning: found) }
                // Cancelled before the ticket was known: the handler found nothing to resume.
                if Task.isCancelled, let number = ticket.withLock({ $0 }) { stopWaiting(number) }
            }
        } onCancel: {
            if let number = ticket.withLock({ $0 }) { stopWaiting(number) }
        }
    }

    /// The value, once given; `nil` when `deadline` passes first.
    ///
    /// Cancelling the awaiting task does not end the wait: an awaited end goes on whoever
    /// cancels its caller.
    package func value(until deadline: ContinuousClock.Instant) async -> Value? {
        if let value = given { return value }
        let ticket = Lock<(number: Int?, deadline: UInt64?)>((nil, nil))
        let value = await withCheckedContinuation {
            (continuation: CheckedContinuation<Value?, Never>) in
            let found: Value?? = state.withLock { state in
                switch state {
                case .given(let value):
                    return .some(value)
                case .waiting(var waiting):
                    let number = waiting.add(.task(continuation))
                    state = .waiting(waiting)
                    ticket.withLock { $0.number = number }
                    return .none
                }
            }
            if let found { return continuation.resume(returning: found) }
            let registration = Deadlines.at(deadline) { [self] in
                if let number = ticket.withLock({ $0.number }) { stopWaiting(number) }
            }
            ticket.withLock { $0.deadline = registration }
        }
        if value != nil, let registration = ticket.withLock({ $0.deadline }) {
            Deadlines.withdraw(registration)
        }
        return value
    }

    /// Resumes one awaiting task with `nil`, if it is still waiting.
    private func stopWaiting(_ number: Int) {
        let waiter: Waiter? = state.withLock { state in
            guard case .waiting(var waiting) = state else { return nil }
            let waiter = waiting.remove(number)
            state = .waiting(waiting)
            return waiter
        }
        if case .task(let continuation) = waiter { continuation.resume(returning: nil) }
    }
}
