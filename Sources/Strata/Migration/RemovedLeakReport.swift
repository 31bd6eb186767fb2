// The 0.9 spellings of the leak report, which answered a question the 1.0 model answers
// differently. Unavailable, so that a 0.9 use names what to write; none is in the public
// surface.

extension EndReport {
    /// Removed in 1.0: ``leaks()`` for the leaks, ``watched`` for what was still alive.
    @available(
        *, unavailable,
        message:
            "await report.leaks() for the leaks; report.watched for what was still alive when the end reported, not judged"
    )
    public var survivors: [WatchedInstance] { fatalError() }

    /// Removed in 1.0: ``watched``, judged once the end's work has finished.
    @available(
        *, unavailable, renamed: "watched",
        message: "an instance held by work the end started is judged once the work has finished"
    )
    public var pending: [WatchedInstance] { fatalError() }

    /// Removed in 1.0: ``leaks()``, which waits for the judgement.
    @available(*, unavailable, message: "await report.leaks(), which waits for the judgement")
    public func recheck() -> EndReport { fatalError() }

    /// Removed in 1.0: ``leaks()``, which waits for the judgement.
    @available(*, unavailable, message: "await report.leaks(), which waits for the judgement")
    public func recheck(within timeout: Duration) async -> EndReport { fatalError() }

    /// Removed in 1.0: ``Container/onLeak(_:)`` on the root, or the `.noSurvivors` trait.
    @available(
        *, unavailable,
        message:
            "app.onLeak { leak in … } on the root; in a test, the .noLeaks trait, or NoSurvivorsTrait.check { … }"
    )
    public static func withReceiver<Result>(
        _ receiver: (@Sendable (EndReport) -> Void)?, operation: () throws -> Result
    ) rethrows -> Result { fatalError() }

    /// Removed in 1.0: ``Container/onLeak(_:)`` on the root, or the `.noSurvivors` trait.
    @available(
        *, unavailable,
        message:
            "app.onLeak { leak in … } on the root; in a test, the .noLeaks trait, or NoSurvivorsTrait.check { … }"
    )
    public static func withReceiver<Result>(
        _ receiver: (@Sendable (EndReport) -> Void)?, operation: () async throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result { fatalError() }
}

extension Container where ContainerTier == AppTier {
    /// Removed in 1.0: ``onLeak(_:)``, which adds a receiver of the leaks.
    @available(
        *, unavailable,
        message:
            "app.onLeak { leak in … } adds a receiver; cancel the Subscription it returns to stop"
    )
    public func onEndReport(_ handler: (@Sendable (EndReport) -> Void)?) { fatalError() }
}

/// Removed in 1.0: ``WatchedInstance``, what `watched` lists and `leaks()` returns.
@available(*, unavailable, renamed: "WatchedInstance")
public typealias Survivor = WatchedInstance
