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
