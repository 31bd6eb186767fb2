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
///
/// A struct around one class that knows nothing of `Value`: the value is kept in a
/// ``Given`` box, cast back when read. For the README's "8 async end hooks" and "request"
/// lines: when the class was generic over `Value`, its deinit and every copy of a waiter
/// looked up the metadata of `Lock<State<Value>>`, `CheckedContinuation<Value?, Never>` and
/// `Value?` at run time, in the runtime's hash table — 670 to 830 instructions each, five
/// lookups per awaited end; the box costs one allocation when the value is given. With the
/// inlined `endAndWait` and `onEnd`, per operation: 104,407 → 91,216 instructions on the
/// first line, 99,020 → 88,964 on the second (`Scripts/callgrind-per-op.sh`).
package struct OneShot<Value: Sendable>: Sendable, Equatable {
    private let core = OneShotCore()

    package init() {}

    /// Whether both are the same one-shot: copies of a one-shot share its value.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.core === rhs.core }

    /// Gives the value, if none was given yet, and wakes every waiter with it.
    ///
    /// - Returns: Whether this call gave it.
    @discardableResult
    package func give(_ value: Value) -> Bool {
        core.give(Given(value))
    }

    /// The value, if it was given.
    package var given: Value? {
        core.given.map(Self.value)
    }

    /// Runs `callback` with the value when it is given.
    ///
    /// - Returns: `false`, without keeping the callback, when the value was given already:
    ///   the caller goes on with ``given``.
    package func whenGiven(_ callback: @escaping @Sendable (Value) -> Void) -> Bool {
        core.whenGiven { callback(Self.value(of: $0)) }
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
        let core = self.core
        let given = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: OneShotCore.Continuation) in
                guard let number = core.wait(continuation) else { return }
                ticket.withLock { $0 = number }
                // Cancelled before the ticket was known: the handler found nothing to resume.
                if Task.isCancelled { core.stopWaiting(number) }
            }
        } onCancel: {
            if let number = ticket.withLock({ $0 }) { core.stopWaiting(number) }
        }
        return given.map(Self.value)
    }

    /// The value, once given; `nil` when `deadline` passes first.
    ///
    /// Cancelling the awaiting task does not end the wait: an awaited end goes on whoever
    /// cancels its caller.
    package func value(until deadline: ContinuousClock.Instant) async -> Value? {
        if let value = given { return value }
        let registration = Lock<UInt64?>(nil)
        let core = self.core
        let given = await withCheckedContinuation { (continuation: OneShotCore.Continuation) in
            guard let number = core.wait(continuation) else { return }
            let id = Deadlines.at(deadline) { core.stopWaiting(number) }
            registration.withLock { $0 = id }
        }
        if given != nil, let id = registration.withLock({ $0 }) { Deadlines.withdraw(id) }
        return given.map(Self.value)
    }

    private static func value(of given: GivenValue) -> Value {
        // Only `give(_:)` of this one-shot stores a box, and it stores a `Given<Value>`.
        (given as! Given<Value>).value
    }
}

/// A value given to a ``OneShot``, seen from the part that does not know its type.
// @unchecked: it has no state; ``Given``, its one subclass, holds a `let` of a Sendable type.
class GivenValue: @unchecked Sendable {}

/// A ``OneShot``'s value, boxed.
// @unchecked: restated from ``GivenValue``; its one stored property is a `let` of a
// Sendable type.
final class Given<Value: Sendable>: GivenValue, @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// What a ``OneShot`` does that does not depend on its value's type: its waiters, and the
/// value once given, boxed.
final class OneShotCore: Sendable {
    typealias Continuation = CheckedContinuation<GivenValue?, Never>

    private enum Waiter {
        case task(Continuation)
        case callback(@Sendable (GivenValue) -> Void)
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
        case given(GivenValue)
    }

    private let state = Lock(State.waiting(Waiting()))

    func give(_ value: GivenValue) -> Bool {
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

    var given: GivenValue? {
        state.withLock { state in
            if case .given(let value) = state { value } else { nil }
        }
    }

    func whenGiven(_ callback: @escaping @Sendable (GivenValue) -> Void) -> Bool {
        state.withLock { state in
            guard case .waiting(var waiting) = state else { return false }
            _ = waiting.add(.callback(callback))
            state = .waiting(waiting)
            return true
        }
    }

    /// Keeps `continuation` until the value is given, or resumes it now with the value.
    ///
    /// - Returns: Its number, to stop waiting; `nil` when it was resumed here.
    func wait(_ continuation: Continuation) -> Int? {
        let (found, number) = state.withLock { state -> (GivenValue?, Int?) in
            switch state {
            case .given(let value):
                return (value, nil)
            case .waiting(var waiting):
                let number = waiting.add(.task(continuation))
                state = .waiting(waiting)
                return (nil, number)
            }
        }
        if let found { continuation.resume(returning: found) }
        return number
    }

    /// Resumes one awaiting task with `nil`, if it is still waiting.
    func stopWaiting(_ number: Int) {
        let waiter: Waiter? = state.withLock { state in
            guard case .waiting(var waiting) = state else { return nil }
            let waiter = waiting.remove(number)
            state = .waiting(waiting)
            return waiter
        }
        if case .task(let continuation) = waiter { continuation.resume(returning: nil) }
    }
}
