extension ScopeState {
    /// A closure, an observer or a task to end at the end, with its place in creation order.
    package struct Hook {
        package enum Kind {
            case closure(@Sendable () -> Void)
            /// An async hook: awaited by `endAndWait`, started and not awaited by `end()`.
            case asyncClosure(AsyncHook)
            case observer(WeakObserver)
            /// A task the container runs: stopped after the hooks, which may still need it.
            /// Held weakly, so that a finished task is not kept.
            case task(WeakScopedTask)
            /// A subscription tied to the container: held until the end or its cancellation.
            case subscription(Subscription)
        }

        let kind: Kind
        let order: Int
    }
}
