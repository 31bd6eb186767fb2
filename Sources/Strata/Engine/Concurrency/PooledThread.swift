#if STRATA_EXPLORER
    import Dispatch
    import Foundation

    /// A thread that runs one piece of work at a time for the explorer, and waits for the next.
    // @unchecked: `work` is written before `ready` is signalled, or before the thread starts,
    // and read by the thread once woken.
    final class PooledThread: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private var work: (@Sendable () -> Void)?

        static func start(_ work: @escaping @Sendable () -> Void, returningTo pool: Interleavings) {
            let thread = PooledThread()
            thread.work = work
            Thread.detachNewThread {
                while true {
                    thread.work.take()?()
                    pool.idle(thread)
                    thread.ready.wait()
                }
            }
        }

        func run(_ work: @escaping @Sendable () -> Void) {
            self.work = work
            ready.signal()
        }
    }
#endif
