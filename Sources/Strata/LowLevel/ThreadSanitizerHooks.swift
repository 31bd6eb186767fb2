import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// ThreadSanitizer's annotation entry points, when its runtime is in the process.
///
/// Invariants its callers keep:
/// - ``ThreadSanitizerHooks/find()`` looks the two entry points up by name in the process;
///   each is called only with the address of a ``Lock``, from inside that lock's critical
///   section (`acquire` first, `release` last), which is how the sanitizer's runtime expects
///   a lock it does not intercept to be announced.
/// - Their C signature, `void (*)(void *)`, is the sanitizer's public interface
///   (`sanitizer/tsan_interface.h`); the cast to ``Annotation`` relies on nothing else.
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

    /// The hooks, looked up on first use; `nil` without the sanitizer.
    static let inProcess = find()

    /// 0 until the hooks are looked for, then ``Lookup``'s answer.
    private static let lookup = Atomic<Int>(0)

    private static func lookUp() -> Bool {
        let present = inProcess != nil
        lookup.store(present ? Lookup.present : Lookup.absent, ordering: .relaxed)
        return present
    }
}
