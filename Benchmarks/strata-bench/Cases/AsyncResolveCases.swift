import Strata

extension BenchCase {
    /// A cached async `shared` read from a nonisolated caller, against a cached sync
    /// `shared` read from the same container by the same caller.
    static let asyncCached = BenchCase(
        name: "async-cached", title: "cached async shared, nonisolated caller", unit: "ns/op",
        baseline: "Strata, cached sync shared of the same container, same caller",
        target: .ratio(atMost: 1.5)
    ) { settings throws(BenchFailure) in
        let (app, request) = try liveRequest()
        let (lease, repository) = try cachedIdentities(of: request)
        let leaseSink = Sink()
        let repositorySink = Sink()
        let figures = compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { leaseSink.blackHole(try await request.lease.resolve()) }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations { repositorySink.blackHole(request.repository()) }
            },
            settings: settings)
        try checkCached(leaseSink, lease, repositorySink, repository)
        try endLiveRequest(request, under: app)
        return figures
    }

    /// The same from a `@MainActor` caller: each timed loop runs on the main actor from its
    /// first read to its last.
    static let asyncCachedMain = BenchCase(
        name: "async-cached-main", title: "cached async shared, @MainActor caller",
        unit: "ns/op",
        baseline: "Strata, cached sync shared of the same container, on the main actor",
        target: .ratio(atMost: 1.5)
    ) { settings throws(BenchFailure) in
        let (app, request) = try liveRequest()
        let (lease, repository) = try cachedIdentities(of: request)
        let leaseSink = Sink()
        let repositorySink = Sink()
        let figures = compare(
            mainActorTimedLoop { iterations in
                for _ in 0..<iterations { leaseSink.blackHole(try await request.lease.resolve()) }
            },
            mainActorTimedLoop { iterations in
                for _ in 0..<iterations { repositorySink.blackHole(request.repository()) }
            },
            settings: settings)
        try checkCached(leaseSink, lease, repositorySink, repository)
        try endLiveRequest(request, under: app)
        return figures
    }

    /// A request whose three sync `shared`s and lease are made, and its app.
    private static func liveRequest() throws(BenchFailure) -> (
        ServerAppContainer, RequestContainer
    ) {
        let app = ServerAppContainer()
        let request = try runBlocking { () async throws(BenchFailure) in
            try await checking("handling a request") {
                let request = try RequestContainer(parent: app)
                _ = try await handle(request)
                return request
            }
        }
        return (app, request)
    }

    /// The identities of a request's lease and repository, each read twice.
    private static func cachedIdentities(of request: RequestContainer) throws(BenchFailure)
        -> (lease: ObjectIdentifier, repository: ObjectIdentifier)
    {
        try runBlocking { () async throws(BenchFailure) in
            try await checking("reading the cached lease and repository") {
                let lease = ObjectIdentifier(try await request.lease.resolve())
                let repository = ObjectIdentifier(try request.repository.resolve())
                try check(
                    lease == ObjectIdentifier(try await request.lease.resolve())
                        && repository == ObjectIdentifier(try request.repository.resolve()),
                    "a cached shared changed identity")
                return (lease, repository)
            }
        }
    }

    /// Checks that the loops read only the cached instances.
    private static func checkCached(
        _ leaseSink: Sink, _ lease: ObjectIdentifier, _ repositorySink: Sink,
        _ repository: ObjectIdentifier
    ) throws(BenchFailure) {
        try check(
            leaseSink.count > 0
                && leaseSink.total == Int(bitPattern: lease) &* leaseSink.count,
            "the cached lease changed identity")
        try check(
            repositorySink.count > 0
                && repositorySink.total == Int(bitPattern: repository) &* repositorySink.count,
            "the cached repository changed identity")
    }

    /// Ends a request made by ``liveRequest()`` and checks that its lease is back.
    private static func endLiveRequest(
        _ request: RequestContainer, under app: ServerAppContainer
    ) throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            await request.endAndWait()
            let outstanding = await app.pool().outstanding
            try check(outstanding == 0, "the request's end did not give its lease back")
            let recorded = await app.metrics().recorded
            try check(recorded == 1, "the request's end hook did not run")
        }
    }

    /// A child made, its async `shared` resolved for the first time and the child ended,
    /// against the same with a sync `shared` of the same factory: what the first async
    /// resolution adds to its factory.
    static let asyncFirst = BenchCase(
        name: "async-first",
        title: "first async resolution, overhead over its factory (child + resolve + end())",
        unit: "ns/op",
        baseline: "Strata, the same child, the same factory as a sync shared",
        target: .nanosecondsOver(atMost: 1_000)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try checkFirst(under: app)
        let asyncSink = Sink()
        let syncSink = Sink()
        let figures = compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let child = try FirstResolveContainer(parent: app)
                    asyncSink.blackHole(try await child.asyncLease.resolve())
                    child.end()
                    asyncSink.keep(child)
                }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let child = try FirstResolveContainer(parent: app)
                    syncSink.blackHole(try child.syncLease.resolve())
                    child.end()
                    syncSink.keep(child)
                }
            },
            settings: settings)
        asyncSink.drop()
        syncSink.drop()
        try check(app.tree.children.isEmpty, "ended children are still in the app's tree")
        return figures
    }

    /// Checks one round of `async-first` on each side: one instance per child, none after the
    /// end, nothing left in the tree.
    private static func checkFirst(under app: ServerAppContainer) throws(BenchFailure) {
        try runBlocking { () async throws(BenchFailure) in
            try await checking("a first async resolution") {
                let child = try FirstResolveContainer(parent: app)
                let first = ObjectIdentifier(try await child.asyncLease.resolve())
                let second = ObjectIdentifier(try await child.asyncLease.resolve())
                let sync = ObjectIdentifier(try child.syncLease.resolve())
                try check(first == second, "an async shared changed identity")
                try check(
                    sync == ObjectIdentifier(try child.syncLease.resolve()),
                    "a sync shared changed identity")
                try check(child.tree.instances.count == 2, "the child does not hold 2 instances")
                let report = child.end()
                try check(
                    report.watched.isEmpty && report.overran.isEmpty,
                    "the child's end left work or survivors: \(report)")
                try check(
                    child.tree.instances.isEmpty, "an ended child's tree is not empty")
                do {
                    _ = try await child.asyncLease.resolve()
                    throw BenchFailure("an ended child still resolved its async shared")
                } catch StrataError.ended {}
            }
            try check(app.tree.children.isEmpty, "an ended child is still in the app's tree")
        }
    }

    /// `endAndWait()` of a request child holding two sync `shared`s and nothing async,
    /// against `end()` of the same child; both include the child's creation and resolutions.
    static let endAndWaitCost = BenchCase(
        name: "end-and-wait",
        title: "endAndWait, child with 2 sync shared, nothing async (vs end())", unit: "ns/op",
        baseline: "Strata, the same child ended with end()", target: .ratio(atMost: 1.5)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try runBlocking { () async throws(BenchFailure) in
            for awaited in [true, false] {
                let request = try await checking("making a request") {
                    try RequestContainer(parent: app)
                }
                _ = request.context()
                _ = request.logger()
                let report = awaited ? await request.endAndWait() : request.end()
                try check(
                    report.ended.count == 1 && report.watched.isEmpty
                        && report.overran.isEmpty
                        && report.stillEnding.isEmpty,
                    "the request's end did not end it alone and quietly: \(report)")
                let tree = request.tree
                try check(
                    tree.instances.isEmpty && tree.children.isEmpty,
                    "an ended request's tree is not empty: \(tree)")
            }
        }
        let awaitedSink = Sink()
        let endedSink = Sink()
        let figures = compare(
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    awaitedSink.blackHole(request.context())
                    awaitedSink.blackHole(request.logger())
                    await request.endAndWait()
                }
            },
            asyncTimedLoop { iterations in
                for _ in 0..<iterations {
                    let request = try RequestContainer(parent: app)
                    endedSink.blackHole(request.context())
                    endedSink.blackHole(request.logger())
                    request.end()
                }
            },
            settings: settings)
        try check(app.tree.children.isEmpty, "ended requests are still in the app's tree")
        return figures
    }

    /// A request child holding two sync `shared`s released without `end()`, against the
    /// same child ended with `end()` and then released.
    static let released = BenchCase(
        name: "released", title: "child with 2 sync shared released without end() (vs end())",
        unit: "ns/op", baseline: "Strata, the same child ended with end(), then released",
        target: .ratio(atMost: 1.2)
    ) { settings throws(BenchFailure) in
        let app = ServerAppContainer()
        try checkReleased(under: app)
        let releasedSink = Sink()
        let endedSink = Sink()
        let figures = compare(
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let request = newRequest(under: app)
                    use(request, in: releasedSink)
                }
            },
            timedLoop { iterations in
                for _ in 0..<iterations {
                    let request = newRequest(under: app)
                    use(request, in: endedSink)
                    request.end()
                }
            },
            settings: settings)
        try check(app.tree.children.isEmpty, "released requests are still in the app's tree")
        return figures
    }

    /// Resolves the request's two instances into `sink`.
    ///
    /// Out of line, so that the optimiser cannot sink the instances' releases past the
    /// request's: released without `end()`, a request whose instances the caller still held
    /// would watch them.
    @inline(never)
    private static func use(_ request: RequestContainer, in sink: Sink) {
        sink.blackHole(request.context())
        sink.blackHole(request.logger())
    }

    /// Checks that a request released without `end()` ends: it leaves the app's tree, and
    /// its instances are released.
    private static func checkReleased(under app: ServerAppContainer) throws(BenchFailure) {
        weak var context: RequestContext?
        weak var logger: TaggedLogger?
        do {
            let request = newRequest(under: app)
            context = request.context()
            logger = request.logger()
            try check(app.tree.children.count == 1, "a live request is not in the app's tree")
        }
        try check(app.tree.children.isEmpty, "a released request is still in the app's tree")
        try check(
            context == nil && logger == nil, "a released request did not release its instances")
    }

    /// A request under `app`, trapping if the app has ended: for the loops, whose app never
    /// ends.
    private static func newRequest(under app: ServerAppContainer) -> RequestContainer {
        do {
            return try RequestContainer(parent: app)
        } catch {
            fatalError("strata-bench: \(error)")
        }
    }
}
