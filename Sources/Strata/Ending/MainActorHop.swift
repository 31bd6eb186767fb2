/// A turn of the main actor, awaited: the place a release off the main actor leaves the
/// deinit of a main-actor class.
///
/// In a module that is MainActor by default, a class's deinit is isolated: released on
/// another thread, it runs later, as a job on the main actor, and whatever the instance
/// holds is alive until then. A job enqueued after that one runs after it, so one hop is
/// enough to see those releases done — and a deinit that releases another main-actor
/// instance runs that one's deinit in place, on the main actor.
///
/// A deinit isolated to another actor is not waited for: Strata cannot reach an actor it
/// does not know.
enum MainActorHop {
    /// Runs an empty job on the main actor and waits for it, until `deadline`: a main
    /// thread blocked, or never serving the main actor (a command-line tool's synchronous
    /// `main`), costs the wait and no more.
    ///
    /// - Returns: Whether the hop finished before the deadline.
    static func run(until deadline: ContinuousClock.Instant) async -> Bool {
        await TrackedWork(for: nil) { await MainActor.run {} }.run(until: deadline)
    }

    /// Hops to the main actor while that frees something: until none of `instances` is
    /// alive, two hops in a row free none, or `deadline` passes.
    ///
    /// A leak costs two hops; a chain of main-actor deinits, one hop per link at most.
    static func settle(
        _ instances: [EndSequence.Remaining], until deadline: ContinuousClock.Instant
    ) async {
        var alive = instances.count { $0.object != nil }
        var idleHops = 0
        while alive > 0, idleHops < 2, ContinuousClock.now < deadline {
            guard await run(until: deadline) else { return }
            let now = instances.count { $0.object != nil }
            idleHops = now == alive ? idleHops + 1 : 0
            alive = now
        }
    }
}
