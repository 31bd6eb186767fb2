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
/// ``Given`` box, cast back when read. For the "8 async end hooks" and "request" lines of
/// Benchmarks/README.md: when the class was generic over `Value`, its deinit and every copy
/// of a waiter looked up the metadata of `Lock<State<Value>>`,
/// `CheckedContinuation<Value?, Never>` and `Value?` at run time, in the runtime's hash
/// table, five lookups per awaited end; the box costs one allocation when the value is
/// given.
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
        // `()` in one box for every one-shot: a finished piece of work allocates nothing.
        core.give(Value.self == Void.self ? givenVoid : Given(value))
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
            await Resumption.suspend { continuation in
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
        let core = self.core
        let given = await Resumption.suspend { continuation in
            core.wait(continuation, until: deadline)
        }
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

/// The one box of `()`, given by every `OneShot<Void>`.
private let givenVoid = Given(())

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
    /// An awaiting task, with the registration of its deadline once it is known, or a
    /// callback.
    ///
    /// Optionals of references rather than an enum with two payloads, and structs rather
    /// than tuples: the compiler copies and tests those through the runtime's generic
    /// witnesses, and looked up their metadata in each critical section.
    private struct Waiter {
        let number: Int
        var continuation: Resumption?
        var deadline: UInt64?
        var callback: (@Sendable (GivenValue) -> Void)?
    }

    /// The waiters in the order they came: the oldest kept inline and the others in an
    /// array, since most one-shots have one waiter or none, and numbers only grow.
    private struct Waiting {
        var oldest: Waiter?
        var others: [Waiter] = []
        var next = 0

        mutating func add(
            _ continuation: Resumption?, _ callback: (@Sendable (GivenValue) -> Void)? = nil
        ) -> Int {
            defer { next += 1 }
            let waiter = Waiter(number: next, continuation: continuation, callback: callback)
            if oldest == nil, others.isEmpty {
                oldest = waiter
            } else {
                others.append(waiter)
            }
            return next
        }

        mutating func remove(_ number: Int) -> Waiter? {
            if let oldest, oldest.number == number {
                self.oldest = others.isEmpty ? nil : others.removeFirst()
                return oldest
            }
            guard let index = others.firstIndex(where: { $0.number == number }) else {
                return nil
            }
            return others.remove(at: index)
        }

        /// Keeps `deadline` with the awaiting task `number`; `false` when it waits no more.
        mutating func keep(deadline: UInt64, for number: Int) -> Bool {
            if oldest?.number == number {
                oldest?.deadline = deadline
                return true
            }
            guard let index = others.firstIndex(where: { $0.number == number }) else {
                return false
            }
            others[index].deadline = deadline
            return true
        }
    }

    /// A struct, not an enum with payloads, so that adding a waiter changes it in place.
    private struct State {
        var given: GivenValue?
        var waiting = Waiting()
    }

    private let state = Lock(State())

    func give(_ value: GivenValue) -> Bool {
        let waiting: Waiting? = state.withLock { state in
            guard state.given == nil else { return nil }
            state.given = value
            defer { state.waiting = Waiting() }
            return state.waiting
        }
        guard let waiting else { return false }
        // In the order they came: a parent that left a callback first is told first.
        if let oldest = waiting.oldest { Self.resume(oldest, with: value) }
        for other in waiting.others { Self.resume(other, with: value) }
        return true
    }

    private static func resume(_ waiter: Waiter, with value: GivenValue) {
        if let continuation = waiter.continuation {
            continuation.resume(returning: value)
            if let deadline = waiter.deadline { Deadlines.withdraw(deadline) }
        }
        waiter.callback?(value)
    }

    var given: GivenValue? {
        state.withLock { $0.given }
    }

    func whenGiven(_ callback: @escaping @Sendable (GivenValue) -> Void) -> Bool {
        state.withLock { state in
            guard state.given == nil else { return false }
            _ = state.waiting.add(nil, callback)
            return true
        }
    }

    /// Keeps `continuation` until the value is given, or resumes it now with the value.
    ///
    /// - Returns: Its number, to stop waiting; `nil` when it was resumed here.
    func wait(_ continuation: Resumption) -> Int? {
        let (found, number) = state.withLock { state -> (GivenValue?, Int?) in
            if let given = state.given { return (given, nil) }
            return (nil, state.waiting.add(continuation))
        }
        if let found { continuation.resume(returning: found) }
        return number
    }

    /// Keeps `continuation` until the value is given or `deadline` passes, or resumes it now
    /// with the value.
    ///
    /// The deadline is registered with ``Deadlines``, whose timer calls ``stopWaiting(_:)``,
    /// and kept with the waiter, whose ``give(_:)`` withdraws it: the wait needs no box of
    /// its own for the registration.
    func wait(_ continuation: Resumption, until deadline: ContinuousClock.Instant) {
        guard let number = wait(continuation),
            let registration = Deadlines.at(deadline, stopping: self, number)
        else { return }
        let kept = state.withLock { $0.waiting.keep(deadline: registration, for: number) }
        // Given meanwhile, or stopped by the deadline (then this withdraws nothing).
        if !kept { Deadlines.withdraw(registration) }
    }

    /// Resumes one awaiting task with `nil`, if it is still waiting.
    func stopWaiting(_ number: Int) {
        let waiter: Waiter? = state.withLock { state in
            state.given == nil ? state.waiting.remove(number) : nil
        }
        waiter?.continuation?.resume(returning: nil)
    }
}
