extension ScopeCore {
    /// Ends a scope that ``end()`` moved to ending: its children first, newest first; then
    /// its own hooks in reverse order of creation; then it releases its instances and
    /// reports which survived.
    ///
    /// Async hooks cannot be awaited here: they are started in tasks of their own and
    /// reported as ``EndReport/notAwaited``.
    ///
    /// - Returns: What was ended, and the survivors.
    private func finishEnding() -> EndReport {
        var report = EndReport()
        for child in liveChildren {
            report.absorb(child.end())
        }
        var own = EndReport()
        let name = containerName
        let container = name.description
        let tracer = self.tracer
        var walk = endWalk()
        var watched = Watches()
        while let step = walk.next() {
            guard let pending = perform(step, watching: &watched, tracer: tracer) else { continue }
            start(pending, in: container, tracer: tracer, into: &own)
        }
        releaseState()
        completeEnding(&own, watched: &watched, name: name, tracer: tracer)
        report.absorb(own)
        return report
    }

    /// An instance followed past its release, for the survivors report: held strongly until
    /// the scope has let go of everything, then let go too.
    ///
    /// The name stays unformatted: only a survivor needs it as text.
    struct Watch {
        let site: ProviderSite
        var instance: Instance?
    }

    /// An instance that something besides the scope still held when the scope let go of it,
    /// followed on weakly.
    struct Remaining {
        let site: ProviderSite
        weak var object: AnyObject?
    }

    /// The instances followed past their release: the first inline, so that ending a
    /// container of one instance builds no array.
    struct Watches {
        private var first: Watch?
        private var more: [Watch] = []

        /// Follows `instance`; whether it is an object that could survive is seen when it is
        /// let go.
        mutating func follow(_ instance: Instance, site: ProviderSite) {
            if first == nil {
                first = Watch(site: site, instance: instance)
            } else {
                more.append(Watch(site: site, instance: instance))
            }
        }

        /// Lets go of the followed instances, newest first, once the scope holds none of them.
        ///
        /// An instance nothing else holds dies here, and no weak reference to it is ever
        /// formed: a weak reference gives an object a side table for the rest of its life,
        /// which sends each of its releases down the runtime's slow path. One that something
        /// else holds — a survivor, or an instance another instance holds, which dies when
        /// that one does — is followed on weakly. (An Objective-C object is never known to be
        /// uniquely referenced, so it is always followed weakly, as before.)
        ///
        /// - Returns: The ones followed on, to look at once every one has been let go.
        mutating func letGo() -> [Remaining] {
            var remaining: [Remaining] = []
            if var watch = first.take() { Self.letGo(&watch, into: &remaining) }
            for index in more.indices { Self.letGo(&more[index], into: &remaining) }
            more = []
            return remaining
        }

        /// Lets go of one instance, following it on if it is an object something else holds.
        ///
        /// A boxed value is let go with its box first, so that the object it reveals, if any,
        /// is looked at with only the followed reference left; a value cannot survive.
        private static func letGo(_ watch: inout Watch, into remaining: inout [Remaining]) {
            guard let instance = watch.instance.take() else { return }
            var object: AnyObject
            if let box = instance.object as? AnyBox {
                guard let revealed = box.revealedObject else { return }
                object = revealed
            } else {
                object = instance.object
            }
            _ = consume instance
            if !isKnownUniquelyReferenced(&object) {
                remaining.append(Remaining(site: watch.site, object: object))
            }
        }
    }

    /// One thing to do at the end, in reverse order of creation.
    enum EndStep {
        case instance(Instance, object: AnyObject?, site: ProviderSite)
        case hook(ScopeState.Hook.Kind)
    }

    /// What a step leaves to do after its synchronous part: awaited by `endAndWait`,
    /// started in a task (or, for a task, stopped) by `end()` and reset.
    enum PendingWork {
        case hook(AsyncHook)
        /// A task the container runs: stopped after the hooks, which may still need it.
        case task(ScopedTask)
        /// An ``AsyncScopeBound`` instance; its end is traced once it is awaited or started.
        case instance(any AsyncScopeBound, Instance, site: ProviderSite)
    }

    /// The hooks and instances to end, newest first, walked in place over a copy of the
    /// table taken under the lock; cancels constructions in flight.
    ///
    /// The table and the hooks are copied as a whole (their storage is shared until someone
    /// writes), not entry by entry.
    func endWalk() -> EndWalk {
        let (entries, hooks) = read { ($0.entries, $0.hooks) }
        entries.forEachAsyncBuild { $0.task.cancel() }
        return EndWalk(hooks: hooks, entries: entries)
    }

    /// The step that ends the instance `entry` holds; `nil` when it holds none (a
    /// construction in flight, a weak instance gone).
    static func instanceStep(_ key: ProviderKey, _ entry: Entry) -> EndStep? {
        guard let instance = entry.instance else { return nil }
        let site = key.providerSite
        return .instance(instance, object: instance.revealedObject, site: site)
    }

    /// Does the part of `step` that needs no waiting — runs a closure hook, tells an
    /// observer or a ``ScopeBound``, cancels a subscription, traces an instance's end — and
    /// follows an instance that is an object in `watched`.
    ///
    /// - Returns: What is left to await or start, if anything.
    func perform(
        _ step: EndStep, watching watched: inout Watches,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) -> PendingWork? {
        switch step {
        case .hook(.closure(let body)):
            body()
        case .hook(.asyncClosure(let hook)):
            return .hook(hook)
        case .hook(.observer(let observer)):
            guard let observer = observer.object else { return nil }
            if let task = observer as? ScopedTask { return .task(task) }
            observer.scopeDidEnd()
        case .hook(.subscription(let subscription)):
            subscription.cancel()
        case .instance(let instance, let object, let site):
            watched.follow(instance, site: site)
            let roles = object.map(EndRole.of) ?? []
            if roles.contains(.bound) { (object as? any ScopeBound)?.scopeDidEnd() }
            if roles.contains(.asyncBound), let bound = object as? any AsyncScopeBound {
                return .instance(bound, instance, site: site)
            }
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
        return nil
    }

    /// Starts what a step left without awaiting it: an async hook or an ``AsyncScopeBound``
    /// in a task of its own, listed in `report`'s `notAwaited`; a task is stopped.
    func start(
        _ pending: PendingWork, in container: ContainerDescription,
        tracer: (@Sendable (TraceEvent) -> Void)?, into report: inout EndReport
    ) {
        switch pending {
        case .hook(let hook):
            Task { await hook.body() }
            report.addNotAwaited(EndWork(kind: .hook, container: container, site: hook.site))
        case .task(let task):
            task.scopeDidEnd()
        case .instance(let bound, let instance, let site):
            Task { await bound.scopeDidEnd() }
            report.addNotAwaited(
                EndWork(
                    kind: .instance(
                        ProviderDescription(container: container, name: site.displayName)),
                    container: container, site: nil))
            traceInstanceEnded(instance, site: site, tracer: tracer)
        }
    }

    /// Lets go of the watched instances, and returns those still alive as survivors of
    /// `container`.
    ///
    /// Call it once the scope holds none of them: everything still alive then is held from
    /// outside.
    func survivors(of watched: inout Watches, in name: ContainerName) -> [Survivor] {
        let remaining = watched.letGo()
        // Described only when something is followed on: most ends have nothing to report.
        guard !remaining.isEmpty else { return [] }
        let container = name.description
        return remaining.compactMap { watch in
            watch.object.map { object in
                Survivor(
                    provider: ProviderDescription(
                        container: container, name: watch.site.displayName),
                    typeName: String(describing: type(of: object)), object: object)
            }
        }
    }

    func traceInstanceEnded(
        _ instance: Instance, site: ProviderSite, tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        guard let tracer else { return }
        tracer(
            .instanceEnded(
                ProviderDescription(container: containerDescription, name: site.displayName),
                instanceType: instance.typeName))
    }

    /// Adds the survivors to `own`, hands it to the tree's report handler, and leaves the
    /// parent; traces the end to `tracer`, the one the end began with.
    ///
    /// Everything the scope held strongly is gone when this runs — what is still alive is
    /// held from outside.
    func completeEnding(
        _ own: inout EndReport, watched: inout Watches, name: ContainerName,
        tracer: (@Sendable (TraceEvent) -> Void)?
    ) {
        own.endedNames.append(name)
        let found = survivors(of: &watched, in: name)
        if !found.isEmpty { own.survivors += found }
        rootUnretained._withUnsafeGuaranteedRef { $0.endReportHandler }?(own)
        parent?.removeChild(self)
        // A container never used was never announced; it ends silently too.
        if let tracer, isBound.load(ordering: .acquiring) { tracer(.ended(name.description)) }
    }

    /// Marks the scope ended and drops everything it holds.
    ///
    /// The instances are released when this returns, outside the lock, since an instance's
    /// deinit may call back into Strata.
    func releaseState() {
        let released = transition { $0.release() }
        _ = released
    }

    /// Ends the scope if it is active; an empty report otherwise.
    ///
    /// One transition decides: a scope with nothing to run at its end is ended there and
    /// then (``ScopeState/endAtOnce()``); any other is moved to ending and walked. In a traced
    /// tree every scope is walked, since each instance's end is traced in the walk. (The
    /// tracer is fetched before the lock: it may take the root's.)
    @usableFromInline
    func end() -> EndReport {
        let atOnceAllowed = tracer == nil
        switch transition({ $0.beginEnd(atOnceAllowed: atOnceAllowed) }) {
        case .atOnce(let released): return finishAtOnce(released)
        case .walk: return finishEnding()
        case .begun: return EndReport()
        }
    }

    /// Finishes an end that took everything at once: the same end as ``finishEnding()``'s,
    /// with the instances let go newest first, without a walk or a copy of the tables, in a
    /// tree that was not traced when the end began.
    private func finishAtOnce(_ released: consuming ScopeState.Released) -> EndReport {
        var released = released
        var watched = Watches()
        var cursor = released.entries.newestCursor
        while let stored = released.entries.takeNext(&cursor) {
            watched.follow(stored.instance, site: stored.site)
        }
        let name = containerName(owner: released.owner)
        // Let go of the tables before survivors are looked for.
        _ = consume released
        var report = EndReport()
        completeEnding(&report, watched: &watched, name: name, tracer: nil)
        return report
    }
}

/// The steps of an end, newest first: the hooks and the instances merged by their order of
/// creation.
///
/// Both are kept in creation order already — hooks are appended, instances logged as they
/// are stored — so walking both backwards together gives the end's order in linear time,
/// with no sort and no array of steps. The walk reads a copy of the table in place.
struct EndWalk {
    private var hooks: [ScopeState.Hook]
    private var hookIndex: Int
    private var entries: EntryTable
    private var cursor: EntryTable.NewestCursor
    /// The newest instance not ended yet, once read.
    private var pending: EntryTable.Stored?

    /// Takes the copies it is given, without copying them again.
    init(hooks: consuming [ScopeState.Hook], entries: consuming EntryTable) {
        self.hookIndex = hooks.endIndex
        self.cursor = entries.newestCursor
        self.hooks = hooks
        self.entries = entries
    }

    /// The next step; at the end, `nil`, and the walk lets go of what it held.
    mutating func next() -> ScopeCore.EndStep? {
        if pending == nil { pending = entries.next(&cursor) }
        let hookOrder = hookIndex > hooks.startIndex ? hooks[hookIndex - 1].order : 0
        if let stored = pending, stored.order > hookOrder {
            pending = nil
            return .instance(
                stored.instance, object: stored.instance.revealedObject, site: stored.site)
        }
        guard hookIndex > hooks.startIndex else {
            // Let go now: what the scope held must be released before survivors are looked
            // for.
            hooks = []
            entries = EntryTable()
            return nil
        }
        hookIndex -= 1
        return .hook(hooks[hookIndex].kind)
    }
}
