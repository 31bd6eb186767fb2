#if compiler(>=6.1)
    import Strata
    import Synchronization

    /// What one test's containers left behind, from any thread: the reports of the containers
    /// that ended, and the ledger of those that began and have not ended.
    final class SurvivorLog: Sendable {
        /// The log of the test running in this task, for roots put under it by hand; `nil`
        /// in a test that allows survivors.
        @TaskLocal static var current: SurvivorLog?

        let ledger = ContainerLedger()
        private let reports = Mutex<[EndReport]>([])

        /// Keeps a report that names an instance still alive; drops the others.
        func receive(_ report: EndReport) {
            guard !report.survivors.isEmpty || !report.pending.isEmpty else { return }
            reports.withLock { $0.append(report) }
        }

        /// What is still alive once the work the ends started has finished and the main actor
        /// has run what the releases left it, waiting up to `grace` for it to go.
        ///
        /// - Returns: The instances still alive, and the containers still open.
        func settle(within grace: Duration) async -> (
            survivors: [Survivor], open: [ContainerLedger.Open]
        ) {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: grace)
            var settled = await reports.withLock { $0 }.asyncMap {
                await $0.recheck(within: clock.now.duration(to: deadline))
            }
            // A container released late — by a task finishing, a main-actor deinit — ends
            // itself and leaves the ledger.
            while clock.now < deadline, !ledger.stillOpen.isEmpty {
                try? await clock.sleep(for: .milliseconds(5))
            }
            settled = settled.map { $0.recheck() }
            return (settled.flatMap { $0.survivors + $0.pending }, ledger.stillOpen)
        }
    }

    extension Array {
        fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
            var results: [T] = []
            for element in self { results.append(await transform(element)) }
            return results
        }
    }
#endif
