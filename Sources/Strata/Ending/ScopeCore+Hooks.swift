/// What runs when a scope ends: closures, observers, tasks and subscriptions added to it.
extension ScopeCore {
    /// Adds a closure to run when the scope ends; runs it at once if the scope has ended.
    func addHook(_ hook: @escaping @Sendable () -> Void) {
        add(.closure { _ in hook() })
    }

    /// Adds a container's end hook, which receives `owner` when it runs, if it is still
    /// alive then; runs it at once, with `owner`, if the scope has ended.
    @usableFromInline
    func addHook(_ hook: @escaping @Sendable ((any Container)?) -> Void, of owner: any Container) {
        remember(owner)
        add(.closure(hook), owner: owner)
    }

    /// Adds a container's async end hook, registered at `site`, which receives `owner` as it
    /// starts, if it is still alive then; starts it at once, in a task of its own, if the
    /// scope has ended.
    @usableFromInline
    func addAsyncHook(
        _ hook: @escaping @Sendable ((any Container)?) async -> Void, at site: SourceSite,
        of owner: any Container
    ) {
        remember(owner)
        add(.asyncClosure(AsyncHook(body: hook, site: site)), owner: owner)
    }

    /// Adds an object to tell when the scope ends, held weakly so that it can go away
    /// earlier (a dropped ``ContainerStack``).
    ///
    /// Tells it at once if the scope has ended.
    func addObserver(_ observer: any EndObserver) {
        add(.observer(WeakReference(observer)))
    }

    /// Adds a task to stop when the scope ends, held weakly so that a finished task is let
    /// go; stops it at once if the scope has ended.
    func addTask(_ task: ScopedTask) {
        add(.task(WeakReference(task)))
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
    ///
    /// - Parameters:
    ///   - kind: What to add.
    ///   - owner: The container, when its caller has it, for a closure run now.
    private func add(_ kind: consuming ScopeState.Hook.Kind, owner: (any Container)? = nil) {
        var offered = Optional(consume kind)
        transitionKeepingReads { $0.addHook(&offered) }
        // Left to run now: an end began.
        guard let kind = offered else { return }
        switch kind {
        case .closure(let body): body(owner)
        case .asyncClosure(let hook): TrackedWork(for: self) { await hook.body(owner) }.start()
        case .observer(let observer): observer.object(as: (any EndObserver).self)?.scopeDidEnd()
        case .task(let task): task.object(as: ScopedTask.self)?.scopeDidEnd()
        case .subscription(let subscription): subscription.cancel()
        }
    }
}
