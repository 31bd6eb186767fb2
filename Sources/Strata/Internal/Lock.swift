#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A lock around a value, shaped like `Synchronization.Mutex`: the one lock type Strata uses.
///
/// Why not `Mutex` itself: on Linux it is built on raw futex calls that ThreadSanitizer does
/// not see, so every access it guards is reported as a race and the sanitizer cannot find
/// real ones. `pthread_mutex_t` (Linux) and `os_unfair_lock` (Darwin) are understood by
/// ThreadSanitizer and cost the same when uncontended.
// @unchecked: `value` is only read or written inside `withLock`, which holds the lock; the
// platform lock lives at a fixed heap address for the lock's whole life.
final class Lock<Value>: @unchecked Sendable {
    #if canImport(Darwin)
        private typealias Primitive = os_unfair_lock
    #else
        private typealias Primitive = pthread_mutex_t
    #endif

    private let primitive = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock())
        #else
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "Strata: pthread_mutex_init failed with \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
            defer { os_unfair_lock_unlock(primitive) }
        #else
            pthread_mutex_lock(primitive)
            defer { pthread_mutex_unlock(primitive) }
        #endif
        return try body(&value)
    }
}

/// A lock held while some work runs, so that other threads can wait for the work to finish.
///
/// Its value is a placeholder: a zero-sized one trips ThreadSanitizer's exclusivity checks.
typealias Gate = Lock<Int>

extension Lock where Value == Int {
    convenience init() { self.init(0) }

    /// Returns once no other thread holds the gate.
    func wait() { withLock { _ in } }
}
