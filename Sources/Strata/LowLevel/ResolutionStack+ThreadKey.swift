import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a thread finds its resolution stack: a pthread key whose value is the address of the
/// stack's state, made on the thread's first resolution and released when the thread exits.
///
/// Invariants its callers keep:
/// - The stack is used only by the thread that got it, and only in synchronous code: a task
///   may move to another thread at a suspension point, so async code keeps its frames in
///   ``AsyncResolution`` instead (hence `noasync`).
/// - Nothing keeps the stack or its state's address past the call that got them; the thread
///   owns both, retained once by `makeCurrentStorage()` and released by `releaseStack` when
///   the thread exits.
///
/// `pthread_key_create` and `pthread_setspecific` are checked, and trap with what failed;
/// `pthread_getspecific` returns the value this thread set, or `nil` before it set one.
extension ResolutionStack {
    /// This thread's stack, made on first use and freed when the thread exits.
    @usableFromInline
    @available(*, noasync, message: "a task can move between threads: use AsyncResolution")
    package static var current: ResolutionStack {
        currentStorage.pointee.stack.takeUnretainedValue()
    }

    /// The state of this thread's stack, made on first use.
    @available(*, noasync, message: "a task can move between threads: use AsyncResolution")
    static var currentStorage: UnsafeMutablePointer<Storage> {
        if let raw = pthread_getspecific(threadKey) {
            return raw.assumingMemoryBound(to: Storage.self)
        }
        return makeCurrentStorage()
    }

    /// Makes this thread's stack; out of line, so that the lookup every resolution makes is
    /// short.
    @inline(never)
    private static func makeCurrentStorage() -> UnsafeMutablePointer<Storage> {
        // The thread holds the stack until it exits: see `releaseStack`.
        let storage = Unmanaged.passRetained(ResolutionStack()).takeUnretainedValue().storage
        let status = pthread_setspecific(threadKey, storage)
        guard status == 0 else {
            trap(.threadKeyFailed(call: "pthread_setspecific", status: status))
        }
        return storage
    }
}

private func releaseStack(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    raw.assumingMemoryBound(to: ResolutionStack.Storage.self).pointee.stack.release()
}

/// The key of every thread's stack, made by the first thread that needs one.
///
/// Read through an atomic with a constant initial value, which needs no initialisation
/// check: a global `let` made by a closure costs a `swift_once` call on every access, and
/// every resolution that builds asks for its thread's stack.
@inline(__always)
private var threadKey: pthread_key_t {
    let stored = threadKeyPlusOne.load(ordering: .acquiring)
    return stored != 0 ? pthread_key_t(truncatingIfNeeded: stored &- 1) : makeThreadKey()
}

/// The key plus one; 0 until it is made (0 is a key like any other).
private let threadKeyPlusOne = Atomic<UInt>(0)

@inline(never)
private func makeThreadKey() -> pthread_key_t {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { releaseStack($0) }
    guard status == 0 else { trap(.threadKeyFailed(call: "pthread_key_create", status: status)) }
    let (made, stored) = threadKeyPlusOne.compareExchange(
        expected: 0, desired: UInt(key) &+ 1, ordering: .acquiringAndReleasing)
    if made { return key }
    // Another thread made one first: everyone uses that one.
    pthread_key_delete(key)
    return pthread_key_t(truncatingIfNeeded: stored &- 1)
}
