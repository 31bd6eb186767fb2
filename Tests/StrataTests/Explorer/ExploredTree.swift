#if STRATA_EXPLORER
    import Foundation
    import Strata

    /// The small trees the explorer runs its operations on: an app, a session under it, a
    /// feature under the session, and requests under the app.
    ///
    /// Each container but the app holds one instance; a container given a hook records it in
    /// the tree's log when it runs, so that the invariants can count hooks and check their
    /// order. A container without a hook, instance or child ends quietly, in one transition.
    final class ExploredApp: Container {
        let scope = AppScope()
        var item: Provider<Service> { shared { Service(id: 1) } }
    }

    final class ExploredSession: Container {
        let scope: SessionScope<ExploredApp>
        init(parent: ExploredApp) { scope = SessionScope(parent: parent) }
        var sessionItem: Provider<Service> { shared { Service(id: 2) } }
    }

    final class ExploredFeature: Container {
        let scope: FeatureScope<ExploredSession>
        init(parent: ExploredSession) { scope = FeatureScope(parent: parent) }
        var featureItem: Provider<Service> { shared { Service(id: 3) } }
    }

    /// A feature an operation makes while the tree ends: a type of its own, so that a report
    /// that names it and the tree's feature names two containers, not one twice.
    final class ExploredLateFeature: Container {
        let scope: FeatureScope<ExploredSession>
        init(checking parent: ExploredSession) throws(StrataError) {
            scope = try FeatureScope(checking: parent)
        }
        var lateItem: Provider<Service> { shared { Service(id: 5) } }
    }

    final class ExploredRequest: Container {
        let scope: RequestScope<ExploredApp>
        init(parent: ExploredApp) throws(StrataError) { scope = try RequestScope(checking: parent) }
        var requestItem: Provider<Service> { shared { Service(id: 4) } }
    }

    /// A container of the tree, by its place.
    enum Place: String, CaseIterable, Sendable, CustomStringConvertible {
        case app, session, feature

        var description: String { rawValue }

        /// The places above this one, nearest first.
        var ancestors: [Place] {
            switch self {
            case .app: []
            case .session: [.app]
            case .feature: [.session, .app]
            }
        }
    }

    /// How a tree is made: which containers exist, which have a hook, which hook ends an
    /// ancestor.
    struct TreeShape: Sendable, CustomStringConvertible {
        /// The deepest container made: `.app` alone, `.session` under it, or all three.
        var depth: Place = .feature
        /// The containers given an end hook; the others end quietly when they have no child.
        var hooked: Set<Place> = [.app, .session, .feature]
        /// A container whose hook ends the app: a hook that ends an ancestor.
        var hookEndsApp: Place?
        /// The hooked containers whose hook is async.
        ///
        /// Such a hook records itself, awaits a turn and records that it returned. `end()`
        /// starts it in a task of its own and does not await it; `endAndWait` awaits it, and
        /// so does one called once an end has begun elsewhere.
        var asyncHooked: Set<Place> = []

        var places: [Place] { Place.allCases.filter { $0.depth <= depth.depth } }

        var description: String {
            let hooks = places.map { place in
                guard hooked.contains(place) else { return "\(place)" }
                return "\(place)+\(asyncHooked.contains(place) ? "async " : "")hook"
            }
            return hooks.joined(separator: "/")
                + (hookEndsApp.map { ", \($0)'s hook ends app" } ?? "")
        }
    }

    extension Place {
        fileprivate var depth: Int { Place.allCases.firstIndex(of: self)! }
    }

    /// One run's tree: the containers, held here until an operation lets one go, and what the
    /// run saw.
    final class ExploredTree: @unchecked Sendable {
        // @unchecked: `held` is behind `lock`; the containers are Sendable.
        private let lock = NSLock()
        private var held: [Place: any Container] = [:]
        let app: ExploredApp
        let shape: TreeShape
        /// What the run saw; apart from the tree, so that a hook that records holds no
        /// container.
        let log = ExploredLog()

        init(_ shape: TreeShape) {
            self.shape = shape
            app = ExploredApp()
            held[.app] = app
            _ = app.item()
            if shape.depth.depth >= Place.session.depth {
                let session = ExploredSession(parent: app)
                _ = session.sessionItem()
                held[.session] = session
                if shape.depth == .feature {
                    let feature = ExploredFeature(parent: session)
                    _ = feature.featureItem()
                    held[.feature] = feature
                }
            }
            for place in shape.places where shape.hooked.contains(place) {
                let endsApp = shape.hookEndsApp == place
                let app = endsApp && place != .app ? self.app : nil
                let log = self.log
                guard shape.asyncHooked.contains(place) else {
                    container(place)?.onEnd { _ in
                        log.record("hook \(place)")
                        if log.runsInARequestTask {
                            log.record("violation: \(place)'s hook ran in a request's task")
                        }
                        app?.end()
                    }
                    continue
                }
                // As a request's hooks are: a turn awaited, which the explorer schedules, so
                // that an end may be seen between the hook's start and its return.
                container(place)?.onEnd { _ in
                    log.record("hook \(place)")
                    if log.runsInARequestTask {
                        log.record("violation: \(place)'s hook ran in a request's task")
                    }
                    await Task.yield()
                    log.record("hook \(place) done")
                    app?.end()
                }
            }
        }

        /// The container at `place`, while the tree holds it.
        func container(_ place: Place) -> (any Container)? {
            lock.withLock { held[place] }
        }

        /// Lets go of the tree's reference to the container at `place`: its release ends it
        /// when nothing else holds it.
        func letGo(_ place: Place) {
            let container = lock.withLock { held.removeValue(forKey: place) }
            _ = consume container
        }

        /// Every container the tree still holds, with where it stands.
        var phases: [(place: Place, phase: ScopeState.Phase, isActive: Bool)] {
            lock.withLock { held.map { ($0.key, $0.value.explorerPhase, $0.value.isActive) } }
        }
    }

    /// An awaited end's report, and whether its end still waited for a child as it returned.
    struct AwaitedReport {
        let place: Place
        let report: EndReport
        let waitingForChildren: Bool
        /// Whether the call's deadline may pass: `false` for one a day away, which never does.
        let deadline: Bool
    }

    /// What a run saw: hooks, violations seen by the operations, reports and requests.
    final class ExploredLog: @unchecked Sendable {
        // @unchecked: every stored property is behind `lock`.
        private let lock = NSLock()
        /// What happened, in order: hooks as `hook <place>`, violations seen by operations as
        /// `violation <what>`.
        private var seen: [String] = []
        /// The reports of awaited ends, by the place ended.
        private var reports: [AwaitedReport] = []
        /// The requests made, to check at the end.
        private var requests: [ExploredRequest] = []
        /// The tasks of the requests running now.
        private var requestTasks: Set<Int> = []

        func record(_ event: String) { lock.withLock { seen.append(event) } }

        func keep(
            _ report: EndReport, of place: Place, waitingForChildren: Bool, deadline: Bool
        ) {
            lock.withLock {
                reports.append(
                    AwaitedReport(
                        place: place, report: report, waitingForChildren: waitingForChildren,
                        deadline: deadline))
            }
        }

        /// Keeps a request made; returns its number, which its hooks record.
        func keep(_ request: ExploredRequest) -> Int {
            lock.withLock {
                requests.append(request)
                return requests.count
            }
        }

        /// Marks the current task as a request's, until ``leaveRequestTask(_:)``.
        ///
        /// An ancestor's step never runs in it. Told apart by the task's hash while it lives, so a finished
        /// task's address, reused, is not taken for it.
        func enterRequestTask() -> Int? {
            let task = withUnsafeCurrentTask { $0?.hashValue }
            if let task { lock.withLock { _ = requestTasks.insert(task) } }
            return task
        }

        func leaveRequestTask(_ task: Int?) {
            if let task { lock.withLock { _ = requestTasks.remove(task) } }
        }

        /// Whether the current task is a live request's.
        var runsInARequestTask: Bool {
            guard let task = withUnsafeCurrentTask(body: { $0?.hashValue }) else { return false }
            return lock.withLock { requestTasks.contains(task) }
        }

        var events: [String] { lock.withLock { seen } }
        var awaitedReports: [AwaitedReport] { lock.withLock { reports } }
        var madeRequests: [ExploredRequest] { lock.withLock { requests } }

    }
#endif
