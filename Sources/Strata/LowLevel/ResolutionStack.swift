/// The providers a thread is resolving right now, innermost last.
///
/// Synchronous factories never suspend, so a thread's pushes and pops always pair up even
/// when tasks share the thread; that makes a thread-local stack safe and far cheaper than a
/// task-local one on the path every `unique` resolution takes. Async factories keep their
/// own stack in ``AsyncResolution``.
///
/// The thread-local value is the address of the stack's ``Storage``, so a resolution reaches
/// it through a plain pointer: no reference is counted on the way. A frame stays on the stack
/// only while the call that pushed it runs, and that call holds the frame's references (a
/// provider's `resolve()` holds its provider); so the stack keeps each frame as an ``Entry``,
/// its fields without their references counted, and a push and a pop retain nothing either.
///
/// Invariants its callers keep:
/// - A frame's core and argument outlive its place on the stack: the call that pushes a frame
///   pops it before it returns (``ScopeCore/pushUnique(_:)`` through ``Handle/pop()``), and
///   that call holds both. So an ``Entry``'s unretained references are valid while it is on
///   the stack, and are never read after it is popped.
/// - The stack is used by one thread, in synchronous code (``current`` is `noasync`), so
///   ``Storage`` is never reached by two threads at once and needs no lock.
/// - ``Storage`` is allocated once per stack and freed by its `deinit`; its `entries` buffer
///   holds `count` initialised entries of `capacity`, and grows by moving them.
@usableFromInline
package final class ResolutionStack {
    /// A frame as the stack keeps it: plain values, valid while the frame's pusher runs.
    @usableFromInline
    struct Entry {
        let core: Unmanaged<ScopeCore>
        let site: UInt
        let place: UInt
        let type: ObjectIdentifier
        let argument: Unmanaged<Argument>?

        init(_ frame: Frame) { self.init(core: frame.core, key: frame.key) }

        init(core: ScopeCore, key: ProviderKey) {
            self.core = Unmanaged.passUnretained(core)
            site = key.site
            place = key.place
            type = key.type
            argument = key.argument.map(Unmanaged.passUnretained)
        }

        /// Whether `other` is the same provider: ``Frame/isSameProvider(as:)`` on plain
        /// values, comparing the arguments only when both have one.
        func isSameProvider(as other: Entry) -> Bool {
            guard core.toOpaque() == other.core.toOpaque(), site == other.site,
                place == other.place, type == other.type
            else { return false }
            switch (argument, other.argument) {
            case (nil, nil): return true
            case (let argument?, let other?):
                return argument.toOpaque() == other.toOpaque()
                    || argument.takeUnretainedValue() == other.takeUnretainedValue()
            default: return false
            }
        }

        /// The frame, with its references counted again.
        var frame: Frame {
            let key = ProviderKey(
                site: site, place: place, type: type, argument: argument?.takeUnretainedValue())
            return Frame(core: core.takeUnretainedValue(), key: key)
        }
    }

    /// The stack's state, kept apart from the object so that the thread-local value can be
    /// its address.
    @usableFromInline
    struct Storage {
        @usableFromInline var entries: UnsafeMutablePointer<Entry>
        @usableFromInline var count = 0
        @usableFromInline var capacity: Int
        /// The instances of `graph` providers in the top-level resolution this thread runs;
        /// `nil` until one is resolved, and again once the outermost frame pops.
        @usableFromInline var graph: ResolutionGraph?
        /// The stack this is the state of.
        let stack: Unmanaged<ResolutionStack>
        /// A finished construction of this thread's that nothing else refers to, for its
        /// next claim (``ResolutionStack/takeConstruction()``).
        ///
        /// Here rather than a field of the object: read through the storage's address, it
        /// takes no run-time exclusivity check, where the object's field took two per first
        /// resolution (Benchmarks/README.md's "request" lines).
        var spare: Construction?

        init(of stack: ResolutionStack) {
            capacity = 16
            entries = .allocate(capacity: capacity)
            self.stack = Unmanaged.passUnretained(stack)
        }

        /// Pushes `frame`, or throws the cycle it would close.
        @inline(__always)
        mutating func push(_ frame: Frame) throws(StrataError) {
            try push(Entry(frame))
        }

        /// Pushes `entry`, or throws the cycle it would close.
        @inline(__always)
        mutating func push(_ entry: Entry) throws(StrataError) {
            var index = 0
            while index < count {
                if entries[index].isSameProvider(as: entry) {
                    let entries = self.entries
                    throw .cycle(
                        through: (index..<count).map { entries[$0].frame },
                        closingWith: [entry.frame])
                }
                index += 1
            }
            if count == capacity { grow() }
            (entries + count).initialize(to: entry)
            count += 1
        }

        @inlinable
        mutating func pop() {
            count -= 1
            // The outermost frame ends the top-level resolution, and its graph with it.
            if count == 0, graph != nil { graph = nil }
        }

        mutating func grow() {
            let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = larger
            capacity *= 2
        }
    }

    /// This thread's stack's state; the thread holds the stack through it.
    let storage: UnsafeMutablePointer<Storage>
    /// Where the `Observed` values read on this thread are recorded while a tracking reads;
    /// `nil` otherwise.
    var observedReads: ObservedReads?
    /// A finished construction of this thread's that nothing else refers to, for its next
    /// claim (``takeConstruction()``).
    package var spare: Construction? {
        get { storage.pointee.spare }
        set { storage.pointee.spare = newValue }
    }

    /// Takes the spare construction out, if one is kept, moving it rather than copying it.
    func takeSpare() -> Construction? { storage.pointee.spare.take() }

    /// Made once per thread, by ``makeCurrentStorage()``, which hands it to the thread.
    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(of: self))
    }

    deinit {
        // Entries are plain values: nothing to deinitialise.
        storage.pointee.entries.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The instances of `graph` providers in the top-level resolution this thread runs.
    var graph: ResolutionGraph? {
        get { storage.pointee.graph }
        set { storage.pointee.graph = newValue }
    }

    /// The providers being resolved, outermost first, for the wait graph and cycle reports.
    var frames: [Frame] {
        (0..<storage.pointee.count).map { storage.pointee.entries[$0].frame }
    }

    /// Identifies this thread in the wait graph while it blocks on another thread's
    /// construction.
    var agent: Agent { .thread(ObjectIdentifier(self)) }

    /// Pushes `frame`, or throws the cycle it would close.
    ///
    /// The frame's references must outlive its place on the stack: pop it before the
    /// caller's frame goes.
    func push(_ frame: Frame) throws(StrataError) {
        try storage.pointee.push(frame)
    }

    func pop() {
        storage.pointee.pop()
    }

    /// This thread's stack, reached through its state's address: the thread keeps it.
    @usableFromInline
    struct Handle {
        @usableFromInline let storage: UnsafeMutablePointer<Storage>

        @inlinable
        init(_ storage: UnsafeMutablePointer<Storage>) { self.storage = storage }

        /// Pops the frame ``ScopeCore/pushUnique(_:)`` pushed.
        @inlinable
        func pop() {
            storage.pointee.pop()
        }
    }
}
