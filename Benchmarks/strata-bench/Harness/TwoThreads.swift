import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one loop on two threads at once and times it.
///
/// The threads are started first and wait for each other at a spin barrier, so thread
/// creation is not timed. Each thread times its own loop; the slower thread's time counts.
/// Each thread has its own ``Sink``, and both sinks are returned for checking.
enum TwoThreads {
    /// Runs `body(iterations, sink)` on two threads and returns the elapsed nanoseconds of
    /// the slower one, with the two sinks.
    static func run(
        iterations: Int, _ body: @escaping @Sendable (_ iterations: Int, _ sink: Sink) -> Void
    ) -> (nanoseconds: Double, sinks: [Sink]) {
        let barrier = Barrier(parties: 2)
        let workers = (0..<2).map { _ in
            Worker(iterations: iterations, barrier: barrier, body: body)
        }
        let threads = workers.map { $0.start() }
        for thread in threads { pthread_join(thread, nil) }
        return (workers.map(\.elapsed).max() ?? 0, workers.map(\.sink))
    }

    /// A loop that runs on two threads, as a ``TimedLoop``.
    static func timedLoop(
        _ body: @escaping @Sendable (_ iterations: Int, _ sink: Sink) -> Void
    ) -> TimedLoop {
        { iterations in run(iterations: iterations, body).nanoseconds }
    }
}

/// Holds threads until all of them have arrived, spinning so that they start together.
private final class Barrier: Sendable {
    let parties: Int
    let arrived = Atomic<Int>(0)

    init(parties: Int) { self.parties = parties }

    /// Waits, yielding, until every party has arrived.
    ///
    /// On two cores the yield returns at once, as nothing else waits for the core. Under
    /// valgrind, which runs one thread at a time, it hands over to the thread not yet
    /// arrived: a bare spin would run until the time slice ends, a count of instructions that
    /// differs from run to run and hides what the loops cost.
    func arriveAndWait() {
        arrived.add(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < parties { sched_yield() }
    }
}

/// One of the two threads.
// @unchecked: `elapsed` is written by the worker thread and read only after the thread is
// joined; every other property is immutable.
private final class Worker: @unchecked Sendable {
    let iterations: Int
    let barrier: Barrier
    let body: @Sendable (Int, Sink) -> Void
    let sink = Sink()
    var elapsed: Double = 0

    init(
        iterations: Int, barrier: Barrier, body: @escaping @Sendable (Int, Sink) -> Void
    ) {
        self.iterations = iterations
        self.barrier = barrier
        self.body = body
    }

    func start() -> pthread_t {
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { Worker.threadMain($0) }, context)
        precondition(status == 0, "strata-bench: could not start a thread (\(status))")
        #if canImport(Glibc)
            return thread
        #else
            return thread!
        #endif
    }

    /// The thread's entry point; `context` is a retained worker.
    private static func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    {
        Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue().main()
        return nil
    }

    private func main() {
        barrier.arriveAndWait()
        let start = monotonicNanoseconds()
        body(iterations, sink)
        elapsed = Double(monotonicNanoseconds() - start)
    }
}
