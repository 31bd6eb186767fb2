import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A lock around a value: `Synchronization.Mutex`, made visible to ThreadSanitizer.
///
/// On Linux `Mutex` is built on raw futex calls that ThreadSanitizer does not intercept, so
/// every access it guards would be reported as a race and real races would drown. When the
/// sanitizer's runtime is loaded, each critical section tells it about the acquire and the
/// release, as the Swift runtime does for its own futex-based locks. Without the sanitizer
/// the cost is one predictable branch. The value is stored inline: no allocation.
struct Lock<Value>: ~Copyable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(consume value)
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// Always inlined: called out of line, every cached resolution paid two retains and two
    /// releases (the owner and the key its closure captures) for the call alone.
    @inline(__always)
    borrowing func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard ThreadSanitizerHooks.areLoaded, let sanitizer = threadSanitizer else {
            return try mutex.withLock { (value: inout Value) throws(Failure) in
                Handover(try body(&value))
            }.result
        }
        // The lock's own address names it to the sanitizer; it must be known before the
        // value is touched, or the first touch is reported.
        return try withUnsafePointer(to: self) { (address) throws(Failure) -> Result in
            try mutex.withLock { (value: inout Value) throws(Failure) in
                sanitizer.acquire(address)
                defer { sanitizer.release(address) }
                return Handover(try body(&value))
            }.result
        }
    }
}

/// Carries a critical section's result out of `Mutex.withLock`, whose result must be
/// `sending`.
// @unchecked: what Strata's critical sections return is either Sendable or a copy the
// protected state no longer refers to (a snapshot of entries, a removed hook list).
private struct Handover<Result>: @unchecked Sendable {
    let result: Result

    init(_ result: Result) { self.result = result }
}

// @unchecked: like Mutex, the lock hands the value to one thread at a time.
extension Lock: @unchecked Sendable {}

/// A lock held while some work runs, so that other threads can wait for the work to finish.
///
/// Its value is a placeholder: a zero-sized one trips ThreadSanitizer's exclusivity checks.
typealias Gate = Lock<Int>

extension Lock where Value == Int {
    init() { self.init(0) }

    /// Returns once no other thread holds the gate.
    borrowing func wait() { withLock { _ in } }
}

/// ThreadSanitizer's annotation entry points, when its runtime is in the process.
struct ThreadSanitizerHooks: Sendable {
    typealias Annotation = @convention(c) @Sendable (UnsafeRawPointer?) -> Void

    let acquire: Annotation
    let release: Annotation

    static func find() -> ThreadSanitizerHooks? {
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let acquire = dlsym(everywhere, "__tsan_acquire"),
            let release = dlsym(everywhere, "__tsan_release")
        else { return nil }
        return ThreadSanitizerHooks(
            acquire: unsafeBitCast(acquire, to: Annotation.self),
            release: unsafeBitCast(release, to: Annotation.self))
    }

    /// Whether the hooks are in the process: looked up once, then read from an atomic.
    ///
    /// The hooks themselves are a lazily initialised global, and reading one checks that it
    /// was initialised: a call on every critical section. An atomic with a constant initial
    /// value needs no such check, so the usual answer, no sanitizer, costs one load.
    @inline(__always)
    static var areLoaded: Bool {
        switch lookup.load(ordering: .relaxed) {
        case Lookup.absent: false
        case Lookup.present: true
        default: lookUp()
        }
    }

    private enum Lookup {
        static let absent = 1
        static let present = 2
    }

    /// 0 until the hooks are looked for, then ``Lookup``'s answer.
    private static let lookup = Atomic<Int>(0)

    private static func lookUp() -> Bool {
        let present = threadSanitizer != nil
        lookup.store(present ? Lookup.present : Lookup.absent, ordering: .relaxed)
        return present
    }
}

private let threadSanitizer = ThreadSanitizerHooks.find()
