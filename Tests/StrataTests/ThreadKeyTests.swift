import Strata
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each thread that resolves needs Strata's thread-specific key; a process that has none left
/// is told so, by name, instead of resolving on a stack it could not store.
@Suite struct ThreadKeyTests {
    @Test(
        "a process out of thread-specific keys traps at its first resolution, naming the call and the fix",
        .timeLimit(.minutes(1)))
    func outOfKeysTraps() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            // Take every key the process has left before Strata asks for its own.
            var key = pthread_key_t()
            while pthread_key_create(&key, nil) == 0 {}
            let app = TestApp()
            _ = app.fresh()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("pthread_key_create returned"))
        #expect(printed.contains("PTHREAD_KEYS_MAX"))
    }
}
