import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread the cases run on: not the main thread, which `main.swift` leaves to the main
/// actor, so that an async case can block the bench thread (``runBlocking(_:)``) while its
/// loop runs on the main actor.
enum BenchThread {
    /// Runs `body` on a new thread; `body` ends the process.
    static func start(_ body: @escaping @Sendable () -> Never) {
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            }, context)
        precondition(status == 0, "strata-bench: could not start the bench thread (\(status))")
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Never
        init(_ run: @escaping @Sendable () -> Never) { self.run = run }
    }
}

/// The main thread's work while the bench thread runs the cases: running the main queue,
/// and with it the main actor.
enum MainQueue {
    /// Whether ``serve()`` runs the main actor on the main thread on this platform; where
    /// it does not, `dispatchMain()` runs it on a thread of libdispatch's.
    static var isServedOnMainThread: Bool {
        #if os(Linux)
            callbacks != nil
        #else
            false
        #endif
    }

    /// Runs the main queue's work on the main thread, forever.
    ///
    /// On Linux, `dispatchMain()` parks the main thread and hands the main queue, and so
    /// the main actor, to libdispatch's worker threads: a `@MainActor` loop would not run on
    /// the main thread. So the main thread drains the main queue itself, as the run loop of
    /// an app does (CoreFoundation's, through the same two libdispatch entry points): it
    /// sleeps on the queue's event descriptor and drains the queue whenever work arrives.
    static func serve() -> Never {
        #if os(Linux)
            if let (handle, drain) = callbacks {
                let descriptor = handle()
                var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while true {
                    if poll(&wait, 1, -1) > 0 {
                        var count: UInt64 = 0
                        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
                        drain(nil)
                    }
                }
            }
        #endif
        dispatchMain()
    }

    #if os(Linux)
        typealias Handle = @convention(c) () -> Int32
        typealias Drain = @convention(c) (UnsafeMutableRawPointer?) -> Void

        /// libdispatch's run-loop entry points for the main queue, if it exports them.
        private static let callbacks: (Handle, Drain)? = {
            guard let handle = dlsym(nil, "_dispatch_get_main_queue_handle_4CF"),
                let drain = dlsym(nil, "_dispatch_main_queue_callback_4CF")
            else { return nil }
            return (
                unsafeBitCast(handle, to: Handle.self), unsafeBitCast(drain, to: Drain.self)
            )
        }()
    #endif
}
