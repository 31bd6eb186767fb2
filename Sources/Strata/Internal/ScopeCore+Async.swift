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
        let frames = AsyncResolution.frames
        if let start = frames.firstIndex(where: { $0.isSameProvider(as: frame) }) {
            throw .cycle(path: (frames[start...] + [frame]).map(\.provider))
        }
        let claim: AsyncClaim = state.withLock { state in
            guard isActive else { return .ended }
            switch state.entries[frame.key] {
            case .instance(let instance): return .found(instance)
            case .buildingAsync(let inFlight): return .wait(inFlight)
            case .building, .weak, nil:
                let override = state.overrides[frame.key.declaration]
                let inFlight = AsyncInFlight(frame: frame, outerFrames: frames) {
                    try await make(override)
                }
                state.entries[frame.key] = .buildingAsync(inFlight)
                return .wait(inFlight)
            }
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
        let record = (try? result.get()).map { MadeRecord(of: $0, site: frame.site, isWeak: false) }
        let outcome: (result: Result<Instance, any Error>, isFirst: Bool)? = state.withLock {
            state in
            guard isActive else { return nil }
            guard case .buildingAsync(let current) = state.entries[frame.key], current === inFlight
            else {
                if case .instance(let stored) = state.entries[frame.key] {
                    return (.success(stored), false)
                }
                return (result, false)
            }
            switch result {
            case .success(let instance):
                state.entries[frame.key] = .instance(instance)
                if let record { state.recordMade(record) }
            case .failure:
                state.entries[frame.key] = nil
            }
            return (result, true)
        }
        guard let outcome else { throw .ended(provider: frame.provider) }
        switch outcome.result {
        case .success(let instance):
            if outcome.isFirst, let record {
                trace(.made(frame.provider, instanceType: record.typeName))
            }
            return instance
        case .failure(let error):
            throw wrap(error, frame)
        }
    }
}
