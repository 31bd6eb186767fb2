// A root's leak watcher, kept in its tree settings and made on first use.

extension ScopeCore {
    /// This root's leak watcher, made on first use.
    var leakWatcher: LeakWatcher {
        withTreeSettings(creating: true) { settings in
            // `creating` makes the settings: they are there.
            guard let settings else { return LeakWatcher(grace: WatchedInstance.defaultGrace) }
            if let watcher = settings.watcher { return watcher }
            let watcher = LeakWatcher(grace: WatchedInstance.defaultGrace)
            settings.watcher = watcher
            return watcher
        }
    }

    /// Shortens the grace period this root's judgements wait to `grace`: for tests, which
    /// need not wait two seconds for a verdict.
    package func shortenLeakGrace(to grace: Duration) {
        leakWatcher.shortenGrace(to: grace)
    }
}
