extension EndReport {
    /// Runs `operation` with `receiver` taking the end reports of the root containers made
    /// during it: the hook a leak check is built on.
    ///
    /// A root made while `operation` runs — in this task or a child task of it — adopts the
    /// receiver when it is made and keeps it for its whole tree: a container of that tree
    /// that ends later, on any thread, by ``Container/end(fileID:filePath:line:column:)`` or by being released, still
    /// reports there. A root made outside the task — before it, in a detached task, on a
    /// Dispatch queue — does not see it; give such a root its receiver with
    /// ``Container/onEndReport(_:)``. Passing `nil` hides an outer receiver from the roots
    /// made during `operation`.
    ///
    /// Each call carries one container: ``ended`` names it alone, and ``survivors`` holds
    /// only the instances it made. An instance ended alone — by ``Provider/endCachedInstance()``, or by
    /// an override that replaced it — comes in a call of its own, with ``ended`` empty.
    ///
    /// ```swift
    /// let leaks = Mutex<[Survivor]>([])
    /// await EndReport.withReceiver({ report in leaks.withLock { $0 += report.survivors } }) {
    ///     await runSignInFlow()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - receiver: Receives each report, or `nil` for none.
    ///   - operation: The work during which roots adopt the receiver.
    ///   - isolation: The actor `operation` runs on; filled in by the compiler.
    /// - Returns: What `operation` returns.
    public static func withReceiver<Result>(
        _ receiver: (@Sendable (EndReport) -> Void)?,
        operation: () async throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await ReportReceiver.$current.withValue(receiver.map { ReportReceiver($0) }) {
            try await operation()
        }
    }

    /// Runs `operation` with `receiver` taking the end reports of the root containers made
    /// during it, synchronously.
    ///
    /// See ``withReceiver(_:operation:isolation:)``.
    ///
    /// - Parameters:
    ///   - receiver: Receives each report, or `nil` for none.
    ///   - operation: The work during which roots adopt the receiver.
    /// - Returns: What `operation` returns.
    public static func withReceiver<Result>(
        _ receiver: (@Sendable (EndReport) -> Void)?, operation: () throws -> Result
    ) rethrows -> Result {
        try ReportReceiver.$current.withValue(receiver.map { ReportReceiver($0) }) {
            try operation()
        }
    }
}

extension Container where ContainerTier == AppTier {
    /// Sends the report of each container of this tree that ends, on any thread, to
    /// `handler`, in place of the receiver the root took from
    /// ``EndReport/withReceiver(_:operation:isolation:)``.
    ///
    /// Each call carries one container and the survivors it made, or — for an instance
    /// ended alone by ``Provider/endCachedInstance()`` or by an override that replaced it — no container
    /// and that instance if it survived. Passing `nil` stops the reports.
    ///
    /// ```swift
    /// app.onEndReport { report in
    ///     for survivor in report.survivors { log("leak: \(survivor)") }
    /// }
    /// ```
    ///
    /// - Parameter handler: Receives each report.
    public func onEndReport(_ handler: (@Sendable (EndReport) -> Void)?) {
        boundCore.setEndReportHandler(handler)
    }
}

/// The receiver of end reports bound for the current task.
///
/// A class, not the closure itself: binding a task-local whose value is a closure crashes in
/// `swift_task_localValuePush` in optimised builds (Swift 6.3.1).
///
/// A leak check also gives it a ledger, where the roots made in its task list the containers
/// of their trees that began and have not ended.
package final class ReportReceiver: Sendable {
    @TaskLocal package static var current: ReportReceiver?

    let receive: @Sendable (EndReport) -> Void
    let ledger: ContainerLedger?

    package init(
        _ receive: @escaping @Sendable (EndReport) -> Void, ledger: ContainerLedger? = nil
    ) {
        self.receive = receive
        self.ledger = ledger
    }
}
