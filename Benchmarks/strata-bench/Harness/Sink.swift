/// Where the benchmark loops put their results, so the optimiser cannot drop the work that
/// made them.
///
/// Each thread has its own sink. ``blackHole(_:)`` accumulates the result's identity (the
/// bits of its `ObjectIdentifier`: hashing it would cost a SipHash round per operation);
/// ``keep(_:)`` also holds on to the result until the next call, which forces a freshly made
/// object onto the heap (the optimiser may otherwise put an object that never escapes on the
/// stack) and releases the one before it, as code that creates and drops objects would.
///
/// The accumulated identities double as a check: after a loop that resolved one `shared`
/// instance again and again, ``holdsOnly(_:)`` tells whether every resolution returned it.
// @unchecked: a sink is written by one thread only — the thread running the loop — and read
// after that thread has been joined.
final class Sink: @unchecked Sendable {
    private(set) var total = 0
    private(set) var count = 0
    private var kept: AnyObject?
    /// Keeps the sinks of two threads off one cache line: without it the two-thread case
    /// would measure false sharing between the sinks rather than the containers.
    private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Accumulates the identity of `object`.
    ///
    /// Never inlined, so the loop cannot see through it and hoist or drop the resolution
    /// that produced `object`.
    @inline(never)
    func blackHole(_ object: AnyObject) {
        total &+= Int(bitPattern: ObjectIdentifier(object))
        count &+= 1
    }

    /// Accumulates the identity of `object` and keeps it until the next call.
    @inline(never)
    func keep(_ object: AnyObject) {
        total &+= Int(bitPattern: ObjectIdentifier(object))
        count &+= 1
        kept = object
    }

    /// Drops the object kept by ``keep(_:)``.
    @inline(never)
    func drop() {
        kept = nil
    }

    /// Whether every object the sink received was `object` (and it received at least one).
    func holdsOnly(_ object: AnyObject) -> Bool {
        count > 0 && total == Int(bitPattern: ObjectIdentifier(object)) &* count
    }
}
