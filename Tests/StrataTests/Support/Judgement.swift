import Strata

extension Container where ContainerTier == AppTier {
    /// This root, with its ends judged after `grace` rather than the two seconds an app
    /// waits: a test awaits verdicts, and may await many.
    func judging(after grace: Duration = .milliseconds(50)) -> Self {
        scope.core.shortenLeakGrace(to: grace)
        return self
    }
}

extension Sequence<EndReport> {
    /// The leaks of every report, judged together: the rounds of a test overlap, since one
    /// watcher judges every end of a tree in batches.
    func leaks() async -> [WatchedInstance] {
        var leaks: [WatchedInstance] = []
        for report in self { leaks += await report.leaks() }
        return leaks
    }
}
