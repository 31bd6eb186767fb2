extension EndReport {
    /// The report as it stands now: only the survivors and pending instances still alive,
    /// and the pending ones moved to ``survivors`` once the work they waited on has finished.
    ///
    /// An instance released a moment after the end — a view dismissed on the next turn of
    /// the run loop, a task that held it finishing — is in the report and gone from the
    /// recheck; a leak stays in both.
    ///
    /// ```swift
    /// let report = signedIn.end()
    /// await dismissViews()
    /// assert(report.recheck().survivors.isEmpty)
    /// ```
    ///
    /// - Returns: The report with the instances that are still alive.
    public func recheck() -> EndReport {
        var report = self
        // The work first, then the instances: see ``classify(_:waitingOn:)``.
        let workDone = report.unfinished.allFinished
        report.survivors.removeAll { !$0.isAlive }
        report.pending.removeAll { !$0.isAlive }
        if workDone {
            report.survivors += report.pending
            report.pending = []
            report.unfinished = []
        }
        return report
    }

    /// Waits for the work the end started and for what its releases started on the main
    /// actor, until every instance is gone or `timeout` has passed, and returns the report
    /// as it stands then.
    ///
    /// It waits for the unfinished work ``pending`` names, then hops to the main actor —
    /// where a main-actor class's deinit, started by a release elsewhere, runs — and looks
    /// again every few milliseconds. It returns at once when nothing is alive.
    ///
    /// ```swift
    /// let report = signedIn.end()
    /// let leaks = await report.recheck(within: .seconds(1)).survivors   // leaked, not late
    /// ```
    ///
    /// - Parameter timeout: How long to wait for the instances to go.
    /// - Returns: The report with the instances still alive at the end of the wait: in
    ///   ``survivors``, or in ``pending`` if the work they wait on is still running.
    public func recheck(within timeout: Duration) async -> EndReport {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var report = recheck()
        guard report.hasAlive else { return report }
        _ = await report.unfinished.waitAll(until: deadline)
        report = report.recheck()
        while report.hasAlive, clock.now < deadline, !Task.isCancelled {
            _ = await MainActorHop.run(until: deadline)
            report = report.recheck()
            guard report.hasAlive else { break }
            try? await clock.sleep(for: .milliseconds(5))
            report = report.recheck()
        }
        return report
    }

    /// Whether any survivor or pending instance is listed.
    var hasAlive: Bool { !survivors.isEmpty || !pending.isEmpty }
}
