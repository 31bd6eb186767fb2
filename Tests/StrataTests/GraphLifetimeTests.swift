import Strata
import Testing

/// Two resolutions of one provider, made in one top-level resolution.
private struct Pair: Sendable {
    let first: Service
    let second: Service
}

/// A `shared` instance that needs the graph's instance.
private final class Holder: Sendable {
    let context: Service
    init(context: Service) { self.context = context }
}

/// What a root built from the graph's instance and a `shared` instance gets.
private struct Root: Sendable {
    let context: Service
    let holder: Holder
}

private struct Refused: Error {}

private final class Graphs: Container {
    let scope = AppScope()
    /// How many graph instances were made; each one's id is its number.
    let made = Counter()
    /// How many async factories reached their meeting point.
    let arrived = Counter()
    /// Opened when both async factories have resolved `context` once.
    let meeting = AsyncGate()

    var context: Provider<Service> { graph { Service(id: self.made.next()) } }

    var pair: Provider<Pair> {
        unique { Pair(first: try self.context.resolve(), second: try self.context.resolve()) }
    }

    var refusing: Provider<Pair> {
        unique {
            _ = try self.context.resolve()
            throw Refused()
        }
    }

    var holder: Provider<Holder> { shared { Holder(context: try self.context.resolve()) } }

    var root: Provider<Root> {
        unique { Root(context: try self.context.resolve(), holder: try self.holder.resolve()) }
    }

    /// A root that holds its thread at `barrier` between its two resolutions of `context`.
    func pair(meeting barrier: Barrier) -> Provider<Pair> {
        unique {
            let first = try self.context.resolve()
            _ = barrier.arriveAndWait()
            return Pair(first: first, second: try self.context.resolve())
        }
    }

    /// Declared in a method that takes an argument, which it would ignore.
    func context(for id: Int) -> Provider<Service> { graph { Service(id: id) } }

    var loop: Provider<Service> { graph { try self.loopPartner.resolve() } }
    var loopPartner: Provider<Service> { unique { try self.loop.resolve() } }

    var loaded: AsyncProvider<Pair> {
        shared {
            let first = try self.context.resolve()
            await Task.yield()
            return Pair(first: first, second: try self.context.resolve())
        }
    }

    /// Resolves `context` once, meets the other of `left` and `right`, then resolves it again.
    var left: AsyncProvider<Pair> { shared { try await self.meetBetweenResolutions() } }
    var right: AsyncProvider<Pair> { shared { try await self.meetBetweenResolutions() } }

    private func meetBetweenResolutions() async throws -> Pair {
        let first = try context.resolve()
        if arrived.next() == 2 { meeting.open() }
        await meeting.wait()
        return Pair(first: first, second: try context.resolve())
    }
}

/// Main-actor state that one screen's models share.
@MainActor
private final class Selection {
    var item = 0
}

private final class Screens: Container {
    let scope = AppScope()

    var selection: MainActorProvider<Selection> { graph { Selection() } }
    var selections: MainActorProvider<[Selection]> {
        unique { [self.selection(), self.selection()] }
    }
}

@Suite("The graph lifetime")
struct GraphLifetimeTests {
    @Test("a graph provider resolved twice in one top-level resolution gives one instance")
    func sameWithinOneResolution() throws {
        let pair = try Graphs().pair.resolve()
        #expect(pair.first === pair.second)
    }

    @Test("the next top-level resolution builds a new instance")
    func newForEachResolution() throws {
        let graphs = Graphs()
        let first = try graphs.pair.resolve()
        let second = try graphs.pair.resolve()
        #expect(first.first !== second.first)
        #expect(graphs.made.value == 2)
    }

    @Test("a graph provider resolved at the top level is its own graph")
    func topLevelResolutionsDiffer() throws {
        let graphs = Graphs()
        #expect(try graphs.context.resolve() !== graphs.context.resolve())
    }

    @Test("a top-level resolution that throws leaves no graph instance behind")
    func thrownResolutionLeavesNothing() throws {
        let graphs = Graphs()
        #expect(throws: StrataError.self) { try graphs.refusing.resolve() }
        let pair = try graphs.pair.resolve()
        #expect(pair.first.id == 2, "the next resolution got the failed one's instance")
    }

    @Test("a shared instance built during a resolution gets that resolution's graph instance")
    func sharedSeesTheGraph() throws {
        let root = try Graphs().root.resolve()
        #expect(root.holder.context === root.context)
    }

    @Test("an override of a graph provider is what its graph keeps")
    func overrideApplies() throws {
        let graphs = Graphs()
        graphs.context.override { Service(id: 100) }
        let pair = try graphs.pair.resolve()
        #expect(pair.first.id == 100)
        #expect(pair.first === pair.second)
    }

    @Test("a cycle through a graph provider is reported with its whole path")
    func cycleThroughGraph() {
        let error = #expect(throws: StrataError.self) { try Graphs().loop.resolve() }
        guard case .cycle(let path)? = error else {
            Issue.record("expected .cycle, got \(String(describing: error))")
            return
        }
        #expect(path.map(\.description) == ["Graphs.loop", "Graphs.loopPartner", "Graphs.loop"])
    }

    @Test(
        "two graphs resolving at once on two threads share nothing",
        .timeLimit(.minutes(1)))
    func threadsShareNothing() throws {
        let graphs = Graphs()
        let barrier = Barrier(parties: 2)
        let pairs = Locked<[Pair]>([])
        let finished = onThreads(2) { _ in
            guard let pair = try? graphs.pair(meeting: barrier).resolve() else { return }
            pairs.withLock { $0.append(pair) }
        }
        #expect(finished, "the two threads hung")
        let both = pairs.withLock { $0 }
        try #require(both.count == 2)
        #expect(both[0].first === both[0].second)
        #expect(both[1].first === both[1].second)
        #expect(both[0].first !== both[1].first)
    }

    @Test("an async factory's synchronous resolutions share its graph across an await")
    func asyncFactorySharesOneGraph() async throws {
        let pair = try await Graphs().loaded.resolve()
        #expect(pair.first === pair.second)
    }

    @Test("two async resolutions at once get different graph instances", .timeLimit(.minutes(1)))
    func concurrentAsyncResolutionsDiffer() async throws {
        let graphs = Graphs()
        async let left = graphs.left.resolve()
        async let right = graphs.right.resolve()
        let (l, r) = try await (left, right)
        #expect(l.first === l.second)
        #expect(r.first === r.second)
        #expect(l.first !== r.first)
    }

    @Test("a graph provider declared in a method that takes arguments traps, naming the fix")
    func ignoredArgumentsTrap() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = try Graphs().context(for: 1).resolve()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("graph { … } keeps one instance per top-level resolution"))
    }

    @Test("the main-actor form gives one instance per top-level resolution")
    @MainActor
    func mainActorForm() {
        let screens = Screens()
        let first = screens.selections()
        let second = screens.selections()
        #expect(first[0] === first[1])
        #expect(first[0] !== second[0])
    }
}
