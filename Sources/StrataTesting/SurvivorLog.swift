#if compiler(>=6.1)
    import Strata
    import Synchronization

    /// The survivors reported during one test, from any thread.
    final class SurvivorLog: Sendable {
        /// The log of the test running in this task, for roots put under it by hand.
        @TaskLocal static var current: SurvivorLog?

        private let survivors = Mutex<[Survivor]>([])

        func receive(_ report: EndReport) {
            guard !report.survivors.isEmpty else { return }
            survivors.withLock { $0 += report.survivors }
        }

        var all: [Survivor] { survivors.withLock { $0 } }
    }
#endif
