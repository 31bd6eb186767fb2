extension ScopeCore {
    /// Builds and stores the instance for `key` once: concurrent first callers all await the same
    /// task (single flight).
    ///
    /// The same claim as ``construct(_:retention:make:)``, waited for by awaiting its task
    /// instead of blocking on its gate; the first waiter to get the task's result stores it.
    /// Ending the scope cancels the task, and its waiters get ``StrataError/ended(provider:)``.
    @usableFromInline
    func constructAsync(
        _ frame: Frame, retention: Retention = .strong,
        make: @escaping @Sendable (Override?) async throws -> Instance
    ) async throws(StrataError) -> Instance {
        frame.requireNoIgnoredArguments(maker: "shared { try await … }", isAsync: true)
        let frames = AsyncResolution.frames
        if let start = frames.firstIndex(where: { $0.isSameProvider(as: frame) }) {
            throw .cycle(through: frames[start...], closingWith: [frame])
        }
        // Made before the lock, its task waiting for the claim's answer; see
        // `Construction.init(frame:outerFrames:make:)`. It is answered right after the
        // transition, with no suspension in between, so a claimed one always starts.
        let mine = Construction(frame: frame, outerFrames: frames, make: make)
        let construction: Construction
        switch transition({ $0.claim(frame, with: mine) }) {
        case .found(let instance):
            mine.discard()
            return instance
        case .ended:
            mine.discard()
            throw .ended(provider: frame.provider)
        case .wait(let other):
            mine.discard()
            construction = other
        case .claimed(let override):
            mine.begin(with: override)
            construction = mine
        }
        let result = try await WaitGraph.await(
            agent: AsyncResolution.agent, frames: frames, on: construction, of: frame)
        switch result {
        case .success(let instance):
            switch try settle(instance, for: frame, from: construction, retention: retention) {
            case .kept, .passedOn: return instance
            case .dropped(let current): return current ?? instance
            }
        case .failure(let error):
            switch abandon(frame.key, construction) {
            case .ended: throw .ended(provider: frame.provider)
            case .stored(let current): return current
            case .nothingStored: throw wrap(error, frame)
            }
        }
    }
}
