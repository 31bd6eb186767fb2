import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A scope's stored instances, readable without the scope's lock: the fast path of a cached
/// resolution.
///
/// Invariants its callers keep (the scope's core, the only owner):
/// - ``publish(_:)`` and ``empty()`` run under the scope's lock, `publish` only when
///   ``isEmpty``; every transition that may change the entries or the phase calls `empty()`
///   before it changes anything.
/// - ``instance(for:)`` may run on any thread, without the lock.
///
/// Under those, the snapshot, an `Unmanaged` reference held +1 by the slot, is released only
/// once no reader is counted, so a reader's unretained use of it is safe.
///
/// It publishes a snapshot of the scope's entry table. The snapshot is a copy of the table
/// value, which shares the table's storage until the scope writes to it, so making one costs
/// an allocation and a few retains, not a copy of the entries. It is made under the scope's
/// lock by a locked read that finds an instance (so the scope is active), and it is taken
/// down by every transition that may change the entries or the phase, before it changes
/// anything. So a read from the snapshot returns what a locked read would: when `end()`,
/// `override`, an override's `cancel()` or a reset returns, no read can return what it
/// replaced or released. (Adopting or removing a child and adding a hook change neither, and leave it
/// up: ``ScopeCore/transitionKeepingReads(_:)``.)
///
/// A reader counts itself in ``readers`` before it loads the snapshot, until it has retained
/// the instance it found. Taking the snapshot down stores `nil`, then waits until no reader
/// is counted before releasing the snapshot, so no reader uses one being freed. The store,
/// the count and the loads are sequentially consistent on both sides: a reader counted
/// after the transition looked finds no snapshot.
///
/// Releasing the snapshot inside the transition frees no instance: the scope's table, not
/// yet changed, holds everything the snapshot does. And since the snapshot is gone before
/// the transition writes to the table, the table's storage is not copied on that write.
// @unchecked: both fields are atomics; a snapshot is never written once published.
struct ReadCache: ~Copyable, @unchecked Sendable {
    private final class Snapshot {
        let entries: EntryTable

        init(_ entries: EntryTable) { self.entries = entries }
    }

    /// Readers between their load of the snapshot and their retain of an instance in it.
    private let readers = Atomic<Int>(0)
    private let snapshot = Atomic<Unmanaged<Snapshot>?>(nil)

    init() {}

    deinit {
        snapshot.load(ordering: .acquiring)?.release()
    }

    /// The instance the snapshot holds for `key`; `nil` when it holds none, or there is no
    /// snapshot.
    @inline(__always)
    func instance(for key: ProviderKey) -> Instance? {
        // No snapshot, or none seen yet: the caller takes the lock, which is never wrong.
        // Skipping the count then saves two locked instructions on every first resolution.
        guard snapshot.load(ordering: .relaxed) != nil else { return nil }
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { readers.wrappingSubtract(1, ordering: .releasing) }
        // Counted as a reader, so the snapshot, and what it holds, stay alive until the
        // instance returned is retained: the snapshot is borrowed without a retain of its
        // own, which keeps the README's cached reads ("cached shared, 1st of 30", "cached
        // shared, child") at half the cost a counted reference gives them.
        return snapshot.load(ordering: .sequentiallyConsistent)?._withUnsafeGuaranteedRef {
            $0.entries.instance(for: key)
        }
    }

    /// Whether there is no snapshot.
    ///
    /// Exact under the scope's lock, where a transition or a locked read decides with it;
    /// outside, it tells a test what the last of them left.
    var isEmpty: Bool { snapshot.load(ordering: .relaxed) == nil }

    /// Publishes `entries`.
    ///
    /// Call it under the scope's lock, when ``isEmpty``.
    func publish(_ entries: EntryTable) {
        snapshot.store(Unmanaged.passRetained(Snapshot(entries)), ordering: .releasing)
    }

    /// Takes the snapshot down once no reader can still be using it.
    ///
    /// Call it under the scope's lock, before the state changes. Every transition that may
    /// change the entries or the phase calls it, so the usual case, no snapshot, is one load
    /// in the caller.
    @inline(__always)
    func empty() {
        if let published = snapshot.load(ordering: .relaxed) { takeDown(published) }
    }

    private func takeDown(_ published: Unmanaged<Snapshot>) {
        snapshot.store(nil, ordering: .sequentiallyConsistent)
        // A reader is counted for a few instructions, unless its thread is preempted.
        while readers.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
        published.release()
    }
}
