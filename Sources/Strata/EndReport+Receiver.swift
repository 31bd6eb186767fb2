extension EndReport {
    /// Where the root containers made in the current task send the report of each
    /// container of their tree that ends: the hook a leak check is built on.
    ///
    /// A root reads it once, when it is made, and keeps it for its whole tree: a container
    /// of that tree that ends later, on any thread, by ``Container/end()`` or by being
    /// released, still reports there. A root made outside the task — before it, in a
    /// detached task, on a Dispatch queue — does not see it; give such a root its receiver
    /// with ``Container/onEndReport(_:)``.
    ///
    /// Each call carries one container: ``ended`` names it alone, and ``survivors`` holds
    /// only the instances it made.
    ///
    /// ```swift
    /// let leaks = Mutex<[Survivor]>([])
    /// EndReport.$receiver.withValue({ report in leaks.withLock { $0 += report.survivors } }) {
    ///     runSignInFlow()
    /// }
    /// ```
    @TaskLocal public static var receiver: (@Sendable (EndReport) -> Void)?
}

extension Container where ContainerTier == AppTier {
    /// Sends the report of each container of this tree that ends, on any thread, to
    /// `handler`, in place of the receiver the root took from ``EndReport/receiver``.
    ///
    /// Each call carries one container and the survivors it made. Passing `nil` stops the
    /// reports.
    ///
    /// ```swift
    /// app.onEndReport { report in
    ///     for survivor in report.survivors { log("leak: \(survivor)") }
    /// }
    /// ```
    ///
    /// - Parameter handler: Receives each report.
    public func onEndReport(_ handler: (@Sendable (EndReport) -> Void)?) {
        scope.core.bind(self)
        scope.core.setEndReportHandler(handler)
    }
}
