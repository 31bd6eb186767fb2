/// What runs when a scope ends: closures, observers, tasks and subscriptions added to it.
extension ScopeCore {
    /// Adds a closure to run when the scope ends; runs it at once if the scope has ended.
    func addHook(_ hook: @escaping @Sendable () -> Void) {
        add(.closure(hook))
    }

    /// Adds an async closure to run when the scope ends; starts it at once, in a task of its
    /// own, if the scope has ended.
    func addAsyncHook(_ hook: AsyncHook) {
        add(.asyncClosure(hook))
    }

    /// Adds an object to tell when the scope ends, held weakly so that it can go away
    /// earlier (a dropped ``ChildContainers`` list).
    ///
    /// Tells it at once if the scope has ended.
    func addObserver(_ observer: any EndObserver) {
        add(.observer(WeakObserver(observer)))
    }

    /// Adds a task to stop when the scope ends, held weakly so that a finished task is let
    /// go; stops it at once if the scope has ended.
    func addTask(_ task: ScopedTask) {
        add(.task(WeakScopedTask(task)))
    }

    /// Holds a subscription until the scope ends, then cancels it; cancels it at once if the
    /// scope has ended.
    ///
    /// Held strongly, so that a subscription whose token was dropped runs on; a cancelled one
    /// is let go at the next compaction.
    func addSubscription(_ subscription: Subscription) {
        add(.subscription(subscription))
    }

    /// Offers `kind` to the state and, when an end began already, does now, outside the
    /// lock, what the end would have done with it.
    ///
    /// Every caller holds what a weak kind refers to, so it is still there to run.
    private func add(_ kind: ScopeState.Hook.Kind) {
        switch transitionKeepingReads({ $0.addHook(kind) }) {
        case .held:
            break
        case .runNow:
            switch kind {
            case .closure(let body): body()
            case .asyncClosure(let hook): TrackedWork(for: self, hook.body).start()
            case .observer(let observer): observer.object?.scopeDidEnd()
            case .task(let task): task.object?.scopeDidEnd()
            case .subscription(let subscription): subscription.cancel()
            }
        }
    }
}
