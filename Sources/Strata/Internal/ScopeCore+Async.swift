extension ScopeCore {
    private enum AsyncClaim {
        case found(Instance)
        case wait(AsyncInFlight)
        case ended
    }

    /// Builds and stores the instance for `key` once: concurrent first callers all await the same
    /// task (single flight).
    ///
    /// Ending the scope cancels the task, and its waiters get ``StrataError/ended(provider:)``.
    @usableFromInline
    func constructAsync(
        _ frame: Frame, make: @escaping @Sendable (Override?) async throws -> Instance
    ) async throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(maker: "shared { try await … }", isAsync: true)
        let frames = AsyncResolution.frames
        if let start = frames.firstIndex(where: { $0.isSameProvider(as: frame) }) {
            throw .cycle(path: (frames[start...] + [frame]).map(\.provider))
        }
        let claim: AsyncClaim = state.withLock { state in
            guard isActive else { return .ended }
            if let entry = state.entries[frame.key] {
                if let instance = entry.instance { return .found(instance) }
                if case .buildingAsync(let inFlight) = entry.slot { return .wait(inFlight) }
            }
            let override = state.side?.overrides.override(for: frame.key)
            let inFlight = AsyncInFlight(frame: frame, outerFrames: frames) {
                try await make(override)
            }
            state.entries[frame.key] = Entry(.buildingAsync(inFlight), name: frame.site.name)
            return .wait(inFlight)
        }
        switch claim {
        case .found(let instance): return instance
        case .ended: throw .ended(provider: frame.provider)
        case .wait(let inFlight):
            let result: Result<Instance, any Error>
            if let agent = AsyncResolution.agent {
                result = try await WaitGraph.wait(agent: agent, frames: frames, for: inFlight) {
                    await inFlight.task.result
                }
            } else {
                result = await inFlight.task.result
            }
            return try complete(inFlight, with: result)
        }
    }

    /// Stores what the task built, once, whichever waiter gets here first.
    private func complete(
        _ inFlight: AsyncInFlight, with result: Result<Instance, any Error>
    ) throws(StrataError) -> Instance {
        let frame = inFlight.frame
        typealias Outcome = (result: Result<Instance, any Error>, isFirst: Bool)
        let outcome: Outcome? = state.withLock { state in
            guard isActive else { return nil }
            guard case .buildingAsync(let current)? = state.entries[frame.key]?.slot,
                current === inFlight
            else {
                if let stored = state.entries[frame.key]?.instance {
                    return (.success(stored), false)
                }
                return (result, false)
            }
            switch result {
            case .success(let instance):
                var entry = Entry(.instance(instance), name: frame.site.name)
                entry.order = state.nextOrder()
                state.entries.store(entry, for: frame.key)
            case .failure:
                state.entries[frame.key] = nil
            }
            return (result, true)
        }
        guard let outcome else { throw .ended(provider: frame.provider) }
        switch outcome.result {
        case .success(let instance):
            if outcome.isFirst { trace(.made(frame.provider, instanceType: instance.typeName)) }
            return instance
        case .failure(let error):
            throw wrap(error, frame)
        }
    }
}
