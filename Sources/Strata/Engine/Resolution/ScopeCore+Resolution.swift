extension ScopeCore {
    /// Builds and stores the instance for `key` exactly once, however many threads ask at
    /// the same time; every other caller waits for the first and gets its instance.
    ///
    /// `make` receives the override, if one is installed; `retention` says how the instance is
    /// kept.
    @usableFromInline
    func construct(
        _ frame: Frame, retention: Retention, make: (Override?) throws -> Instance
    ) throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(
            maker: retention == .weak ? "weakShared { … }" : "shared { … }", isAsync: false)
        let stack = ResolutionStack.current
        try stack.push(frame)
        defer { stack.pop() }
        while true {
            switch try claimAndBuild(frame, on: stack, retention: retention, make: make) {
            case .found(let instance): return instance
            case .ended: throw .ended(provider: frame.provider)
            case .wait(let other):
                let passed = try WaitGraph.block(
                    agent: stack.agent, frames: stack.frames, on: other, of: frame)
                if let passed { return passed }
            case .claimed: preconditionFailure("a claimed construction stores or throws")
            }
        }
    }

    /// Claims `frame`'s entry with one of this thread's constructions and, if the claim is
    /// this thread's, builds and stores the instance while the construction's gate is held.
    ///
    /// - Returns: `.found` with what the caller gets, `.wait` for someone else's
    ///   construction, or `.ended`.
    private func claimAndBuild(
        _ frame: Frame, on stack: ResolutionStack, retention: Retention,
        make: (Override?) throws -> Instance
    ) throws(StrataError) -> ScopeState.Claim {
        var mine = stack.takeConstruction()
        defer { stack.giveBack(&mine) }
        return try mine.gate.withLock { passed throws(StrataError) in
            // Finished before the gate opens, so no cycle check follows a waiter that is
            // waking.
            defer { mine.finish() }
            // What a reused construction handed on last time was read by its waiters.
            passed = nil
            let claim = transition { $0.claim(frame, with: mine) }
            guard case .claimed(let override) = claim else { return claim }
            let instance: Instance
            do {
                instance = try make(override)
            } catch {
                abandon(frame.key, mine)
                throw wrap(error, frame)
            }
            switch try settle(instance, for: frame, from: mine, retention: retention) {
            case .kept, .dropped: break
            // Handed to the waiters, who read it once the gate opens.
            case .passedOn: passed = instance
            }
            return .found(instance)
        }
    }

    /// Gives up `construction`'s claim on `key`, if it still holds it.
    @discardableResult
    func abandon(
        _ key: ProviderKey, _ construction: Construction
    ) -> ScopeState.Abandonment {
        transition { $0.abandon(key, construction) }
    }

    /// Stores what `construction` made, as `retention` says, if it still holds the entry.
    ///
    /// An instance made for a scope that ended while its factory ran — an async factory
    /// that did not stop when cancelled — is ended at once, by the rules of `end()`, so that
    /// whatever Strata made gets its end hook.
    ///
    /// - Throws: ``StrataError/ended(provider:)`` when the scope has ended.
    func settle(
        _ instance: Instance, for frame: Frame, from construction: Construction,
        retention: Retention
    ) throws(StrataError) -> ScopeState.Settled {
        let keeps = retention.keeps(instance)
        let settled = transition { state in
            state.settle(
                instance, for: frame, from: construction, retention: retention, keeps: keeps)
        }
        guard let settled else {
            var made: [ScopeState.Detached] = [(frame.key, Entry(.instance(instance)))]
            _ = EndSequence(self).endTakenOut(
                &made, by: "its container's end, begun while it was made")
            throw .ended(provider: frame.provider)
        }
        if case .kept = settled {
            hasStored.store(true, ordering: .releasing)
            trace(.made(frame.provider, instanceType: instance.typeName))
        }
        return settled
    }

    /// Checks that a `unique` resolution may run, and returns the override to use, if any.
    ///
    /// Inlined: its two loads cost less than the call every `unique` resolution made.
    @inline(__always)
    func prepareUnique(_ key: ProviderKey) throws(StrataError) -> Override? {
        guard serves else { throw endedError(key) }
        guard hasOverrides.load(ordering: .acquiring) else { return nil }
        return override(for: key)
    }

    private func endedError(_ key: ProviderKey) -> StrataError {
        .ended(provider: Frame(core: self, key: key).provider)
    }

    private func override(for key: ProviderKey) -> Override? {
        read { $0.side?.overrides.override(for: key) }
    }

    /// A factory's error as the caller sees it: Strata's own errors pass through unchanged,
    /// so a cycle found deep inside keeps its whole path.
    @usableFromInline
    func wrap(_ error: any Error, _ frame: Frame) -> StrataError {
        if let error = error as? StrataError { return error }
        return .factoryFailed(provider: frame.provider, underlying: error)
    }
}

extension ScopeCore {
    /// Builds and stores the instance for `key` once, in the caller's task: concurrent first
    /// callers await the one construction (single flight).
    ///
    /// The same claim as ``construct(_:retention:make:)``, waited for by awaiting its
    /// outcome instead of blocking on its gate. The caller that claims runs the factory in
    /// its own task, with no task of Strata's, so its cancellation reaches the factory and
    /// its isolation is the factory's caller's. When that caller is cancelled and the factory
    /// throws, its claim is given up and the next waiter builds in its own task; a waiter
    /// cancelled itself stops waiting at once. Ending the scope makes every waiter throw
    /// ``StrataError/ended(provider:)`` at once; an instance that arrives after the end is
    /// ended, by the rules of `end()`.
    @usableFromInline
    func constructAsync(
        _ frame: Frame, retention: Retention = .strong,
        isolation: isolated (any Actor)? = #isolation,
        make: @Sendable (Override?) async throws -> Instance
    ) async throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(maker: "shared { try await … }", isAsync: true)
        // The task-local value, read once for its three parts.
        let outer = AsyncResolution.current
        let frames = outer?.frames ?? []
        if let start = frames.firstIndex(where: { $0.isSameProvider(as: frame) }) {
            throw .cycle(through: frames[start...], closingWith: [frame])
        }
        while true {
            let mine = Construction()
            switch transition({ $0.claim(frame, with: mine) }) {
            case .found(let instance):
                return instance
            case .ended:
                throw .ended(provider: frame.provider)
            case .claimed(let override):
                return try await build(
                    frame, by: mine, outerAgent: outer?.agent, outerFrames: frames,
                    graph: outer?.graph, override: override, retention: retention,
                    isolation: isolation, make: make)
            case .wait(let other):
                let outcome = try await WaitGraph.await(
                    agent: outer?.agent, frames: frames, on: other, of: frame)
                switch outcome {
                case .built(let instance)?: return instance
                case .failed(let error)?: throw wrap(error, frame)
                case .ended?: throw .ended(provider: frame.provider)
                case .gaveUp?: continue
                case nil:
                    throw .factoryFailed(provider: frame.provider, underlying: CancellationError())
                }
            }
        }
    }

    /// Runs the factory of a claimed construction in the caller's task, settles what it
    /// made or threw, and tells the waiters.
    ///
    /// `graph` is the graph of the async resolution the caller's task is part of, if any.
    ///
    /// Built inside the factory of another async construction, `outerAgent`'s, the build
    /// is recorded in the wait graph as that construction waiting for this one: its task
    /// does the build instead of waiting, and a wait from inside this factory that leads back
    /// to the outer construction must be found to close a cycle.
    private func build(
        _ frame: Frame, by construction: Construction, outerAgent: Agent?,
        outerFrames: [Frame], graph: ResolutionGraph?, override: Override?,
        retention: Retention, isolation: isolated (any Actor)?,
        make: @Sendable (Override?) async throws -> Instance
    ) async throws(StrataError) -> Instance {
        var made: Result<Instance, any Error>
        let nested = outerAgent.map {
            (agent: $0, number: WaitGraph.nest($0, building: construction, of: frame))
        }
        do {
            let context = AsyncResolution.Context(
                agent: construction.builder, outerFrames: outerFrames, frame: frame,
                graph: graph ?? ResolutionGraph())
            made = .success(
                try await AsyncResolution.$current.withValue(context) { try await make(override) })
        } catch {
            made = .failure(error)
        }
        if let nested {
            // A token's wait that found a cycle through this build went on without
            // waiting, and left the cycle for this build to throw.
            do {
                try WaitGraph.unnest(nested.agent, nested.number)
            } catch {
                made = .failure(error)
            }
        }
        switch made {
        case .success(let instance):
            let settled: ScopeState.Settled
            do {
                settled = try settle(instance, for: frame, from: construction, retention: retention)
            } catch {
                construction.settle(.ended)
                throw error
            }
            switch settled {
            case .kept, .passedOn:
                construction.settle(.built(instance))
                return instance
            case .dropped(let current):
                construction.settle(.built(current ?? instance))
                return current ?? instance
            }
        case .failure(let error):
            let cancelled = Task.isCancelled
            switch abandon(frame.key, construction) {
            case .ended:
                construction.settle(.ended)
                throw .ended(provider: frame.provider)
            case .stored(let current):
                construction.settle(.built(current))
                return current
            case .nothingStored:
                construction.settle(cancelled ? .gaveUp : .failed(error))
                throw wrap(error, frame)
            }
        }
    }
}

extension ScopeCore {
    /// Resolves a `graph` provider: the instance its provider made earlier in this top-level
    /// resolution, or a new one kept for the rest of it.
    ///
    /// `make` receives the override, if one is installed, and returns the instance. The frame
    /// is on the stack while it runs, so a cycle through a graph provider is reported like
    /// any other.
    @usableFromInline
    func resolveInGraph(
        _ frame: Frame, make: (Override?) throws -> Instance
    ) throws(StrataError) -> Instance {
        let override = try prepareUnique(frame.key)
        let stack = ResolutionStack.current
        try stack.push(frame)
        // Popping the outermost frame drops the graph, also on a throw.
        defer { stack.pop() }
        let graph = stack.joinGraph()
        if let instance = graph.instance(for: frame) { return instance }
        frame.requireNoIgnoredArguments(
            maker: "graph { … }", isAsync: false, keeps: "one instance per top-level resolution")
        do {
            return graph.keep(try make(override), for: frame)
        } catch {
            throw wrap(error, frame)
        }
    }
}
