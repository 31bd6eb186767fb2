import Dispatch
import Foundation
import Strata
import Testing

/// Draining ends, as issue 36 sets them: `endAndWait(within:draining: true)` closes the
/// container at once, lets the children in flight end on their own while they still resolve
/// from it, is woken by the last one's end, and ends at its deadline the children still live
/// then; a child made with `init(checking:)` while the parent's end has begun throws, where
/// `init(parent:)` traps.
@Suite("Draining ends")
struct DrainTests {
    // MARK: A server's shutdown

    @Test(
        "a draining shutdown refuses new requests, lets 500 in flight finish reading the app, then closes the pool",
        .timeLimit(.minutes(1)))
    func serverShutdown() async throws {
        let log = EventLog()
        let app = ServerApp(log: log)
        app.onEnd { _ in log.record("app hook") }
        let pool = app.pool()
        let flight = Flight(requests: Flight.count)

        let requests = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<Flight.count {
                    group.addTask { await flight.serve(app) }
                }
            }
        }
        await flight.allLeased.wait()
        let shutdown = Task { await app.endAndWait(within: .seconds(60), draining: true) }
        while app.isActive { await Task.yield() }

        do {
            _ = try ServerRequest(parent: app)
            Issue.record("a request made while the app drains was accepted")
        } catch {
            if case .childOfEnded(let parent, let childTier, _) = error {
                #expect(parent == ServerApp.described)
                #expect(childTier == "interaction")
            } else {
                Issue.record("a late request threw \(error), not childOfEnded")
            }
            #expect(error.description.contains("under ServerApp (app tier)"))
        }

        #expect(log.all.isEmpty, "no request ended, and no hook ran, before the gate opened")
        let opened = ContinuousClock.now
        flight.gate.open()
        let report = await shutdown.value
        let drained = ContinuousClock.now - opened
        await requests.value

        #expect(flight.completed == Flight.count)
        #expect(flight.failures == [])
        #expect(pool.usesAfterReturn == 0)
        let events = log.all
        #expect(events.filter { $0 == "returned" }.count == Flight.count)
        // The pool was made after the app's hook, so it closes first; both after every lease.
        #expect(Array(events.suffix(2)) == ["pool closed with 0 leased", "app hook"])
        #expect(report.overran.isEmpty)
        #expect(report.ended == [ServerApp.described], "every request ended on its own")
        #expect(drained < .seconds(30), "woken by the last request's end, not its deadline")
    }

    // MARK: No live child

    @Test(
        "a draining end with no live child returns at once, without waiting for its deadline",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func drainWithNoLiveChild(childEndedBefore: Bool) async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) { [childEndedBefore] in
            await EndOutcome.report("a draining end with no live child") {
                await NoLiveChild.drain(childEndedBefore: childEndedBefore)
            }
        }
        let outcome = try #require(EndOutcome(result))
        #expect(outcome.overran.isEmpty)
        #expect(outcome.log == (childEndedBefore ? ["request hook", "app hook"] : ["app hook"]))
    }

    // MARK: A child live at the deadline

    @Test(
        "a child still live at the drain's deadline is ended then and listed as overran, its hooks before the app's",
        .timeLimit(.minutes(1)))
    func childLiveAtTheDeadline() async throws {
        let log = EventLog()
        let app = ServerApp(log: log)
        app.onEnd { _ in log.record("app hook") }
        let straggler = try ServerRequest(parent: app)
        straggler.onEnd { _ in log.record("request hook") }

        let report = await app.endAndWait(within: .milliseconds(50), draining: true)

        #expect(!straggler.isActive)
        #expect(report.overran.count == 1)
        let work = try #require(report.overran.first)
        #expect(work.origin == .child)
        #expect(work.containerDescription == ServerRequest.described)
        #expect(work.site == nil)
        #expect(log.all == ["request hook", "app hook"])
        #expect(report.ended == [ServerRequest.described, ServerApp.described])
        withExtendedLifetime(straggler) {}
    }

    // MARK: Children made while the parent ends

    @Test(
        "children made with init(checking:) while their app ends either live and end, or throw childOfEnded",
        .timeLimit(.minutes(1)))
    func throwingChildRacesAnEnd() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            exitIfStuck("children made while their app ends") { ChildRace.run() }
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let tally = try #require(ChildRace.Tally(printed), "the child process wrote: \(printed)")
        #expect(tally.refused == ChildRace.rounds, "each round ends with one refused child")
        #expect(tally.made > 0)
    }

    @Test(
        "InteractionScope(parent:) under an app whose end has begun traps, naming the app",
        .timeLimit(.minutes(1)))
    func trappingChildUnderAnEndingApp() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await LateRequest.makeWhileTheAppDrains()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let expected = StrataError.childOfEnded(
            parent: ServerApp.described, childTier: "interaction",
            location: "Server/LateRequest.swift:12")
        #expect(printed.contains(expected.description))
    }

    // MARK: Resolution while closing

    @Test(
        "a child's hook resolves the parent's providers during its end; the parent's own hook cannot",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func resolutionWhileClosing(awaited: Bool) async throws {
        let log = EventLog()
        let app = ServerApp(log: log)
        app.onEnd { _ in
            log.record(resolving("app: settings", app.settings))
            log.record(resolving("app: stamp", app.stamp))
        }
        let request = try ServerRequest(parent: app)
        request.onEnd { _ in
            log.record(resolving("request: settings", app.settings))
            log.record(resolving("request: stamp", app.stamp))
        }

        if awaited {
            await app.endAndWait(within: .seconds(30))
        } else {
            app.end()
        }

        #expect(
            log.all == [
                "request: settings resolved", "request: stamp resolved",
                "app: settings ended: ServerApp.settings", "app: stamp ended: ServerApp.stamp",
            ])
        withExtendedLifetime(request) {}
    }
}

/// What resolving `provider` gave: `"<what> resolved"`, or `"<what> ended: <provider>"`.
private func resolving<Value>(_ what: String, _ provider: Provider<Value>) -> String {
    do {
        _ = try provider.resolve()
        return "\(what) resolved"
    } catch {
        guard case .ended(let provider) = error else { return "\(what) failed: \(error)" }
        return "\(what) ended: \(provider)"
    }
}

// MARK: - A server

/// A connection pool that records the return of each lease, any use of a connection not
/// leased at the time, and its close.
private final class ConnectionPool: ScopeBound {
    private struct State {
        var next = 0
        var leased: Set<Int> = []
        var usesAfterReturn = 0
    }

    private let state = Locked(State())
    private let log: EventLog

    init(log: EventLog) { self.log = log }

    func lease() -> Int {
        state.withLock { state in
            state.next += 1
            state.leased.insert(state.next)
            return state.next
        }
    }

    func use(_ connection: Int) {
        state.withLock { state in
            if !state.leased.contains(connection) { state.usesAfterReturn += 1 }
        }
    }

    func giveBack(_ connection: Int) {
        state.withLock { _ = $0.leased.remove(connection) }
        log.record("returned")
    }

    var usesAfterReturn: Int { state.withLock { $0.usesAfterReturn } }

    /// Closes the pool, recording how many connections were still leased.
    func close() {
        let leased = state.withLock { $0.leased.count }
        log.record("pool closed with \(leased) leased")
    }

    /// The app's end closes the pool.
    func scopeDidEnd() { close() }
}

/// A request's lease on one connection, given back when the request's container ends.
private final class ConnectionLease: ScopeBound {
    private let pool: ConnectionPool
    private let connection: Int

    init(pool: ConnectionPool) {
        self.pool = pool
        connection = pool.lease()
    }

    func use() { pool.use(connection) }

    func scopeDidEnd() { pool.giveBack(connection) }
}

/// What a request answers, built from what it reads from the app.
private struct Reply: Sendable {
    let stamp: Int
}

private final class ServerApp: Container {
    static let described = ContainerDescription(typeName: "ServerApp", tier: "app")

    let scope = AppScope()
    let log: EventLog
    private let stamps = Counter()

    init(log: EventLog) { self.log = log }

    var pool: Provider<ConnectionPool> { shared { ConnectionPool(log: self.log) } }
    var settings: Provider<Service> { shared { Service(id: 7) } }
    var stamp: Provider<Int> { unique { self.stamps.next() } }
}

/// A request's container, made with the throwing form: a request may arrive while the server
/// shuts down.
private final class ServerRequest: Container {
    static let described = ContainerDescription(typeName: "ServerRequest", tier: "interaction")

    let scope: InteractionScope<ServerApp>

    init(parent: ServerApp) throws(StrataError) { scope = try InteractionScope(checking: parent) }

    var lease: Provider<ConnectionLease> { shared { ConnectionLease(pool: self.parent.pool()) } }
    var reply: Provider<Reply> { unique { Reply(stamp: try self.parent.stamp.resolve()) } }
}

/// A feature made with the throwing form.
private final class ServerFeature: Container {
    let scope: FeatureScope<ServerApp>

    init(parent: ServerApp) throws(StrataError) { scope = try FeatureScope(checking: parent) }
}

/// The requests in flight during a shutdown: each leases a connection, waits at the gate,
/// then reads the app, uses its connection and ends.
private final class Flight: Sendable {
    static let count = 500

    /// Opens once every request holds its lease.
    let allLeased = AsyncGate()
    /// Holds every request after its lease, until the test opens it.
    let gate = AsyncGate()
    private let toLease: Locked<Int>
    private let done = Counter()
    private let failed = Locked<[String]>([])

    init(requests: Int) { toLease = Locked(requests) }

    var completed: Int { done.value }
    var failures: [String] { failed.withLock { $0 } }

    func serve(_ app: ServerApp) async {
        let request: ServerRequest
        let lease: ConnectionLease
        do {
            request = try ServerRequest(parent: app)
            lease = request.lease()
        } catch {
            failed.withLock { $0.append("refused before the shutdown: \(error)") }
            leased()
            return
        }
        leased()
        await gate.wait()
        do {
            _ = try request.reply.resolve()
        } catch {
            failed.withLock { $0.append("reading the app during the drain: \(error)") }
        }
        lease.use()
        request.end()
        done.next()
    }

    private func leased() {
        let left = toLease.withLock { count in
            count -= 1
            return count
        }
        if left == 0 { allLeased.open() }
    }
}

// MARK: - No live child

private enum NoLiveChild {
    /// Ends an app with `endAndWait(within:draining: true)` and an hour's deadline, after a
    /// request under it ended, or with none made; both record their hooks.
    static func drain(childEndedBefore: Bool) async -> EndOutcome {
        let log = EventLog()
        let app = ServerApp(log: log)
        app.onEnd { _ in log.record("app hook") }
        if childEndedBefore, let request = try? ServerRequest(parent: app) {
            request.onEnd { _ in log.record("request hook") }
            request.end()
        }
        let report = await app.endAndWait(within: .seconds(3600), draining: true)
        return EndOutcome(log: log.all, overran: report.overran)
    }
}

// MARK: - Children made while the app ends

/// Rounds in which one thread ends an app while another makes children under it with the
/// throwing forms until one throws.
private enum ChildRace {
    static let rounds = isUnderThreadSanitizer ? 20 : 200

    /// How many children the child process made, and how many it was refused.
    struct Tally {
        private static let marker = "child-race: "

        var made = 0
        var refused = 0

        init() {}

        /// The tally the child process wrote to standard error.
        init?(_ printed: String) {
            guard
                let line = printed.split(separator: "\n").last(where: {
                    $0.hasPrefix(Self.marker)
                })
            else { return nil }
            let numbers = line.dropFirst(Self.marker.count).split(separator: " ").compactMap {
                Int($0)
            }
            guard numbers.count == 2 else { return nil }
            made = numbers[0]
            refused = numbers[1]
        }

        func write() {
            FileHandle.standardError.write(Data("\(Self.marker)\(made) \(refused)\n".utf8))
        }
    }

    /// In the child process: runs the rounds, then writes the tally; exits first, saying why
    /// on standard error, with status 90 when a child was refused with another error or for
    /// another parent, 91 when a thread of a round did not finish, 92 when a child made was
    /// not ended, 93 when a container was still active after the app's end.
    static func run() {
        var tally = Tally()
        for round in 0..<rounds {
            let (made, refused) = runRound(round)
            tally.made += made
            tally.refused += refused
        }
        tally.write()
    }

    private static func runRound(_ round: Int) -> (made: Int, refused: Int) {
        let app = ServerApp(log: EventLog())
        let hooksRun = Counter()
        let outcome = Locked((made: 0, refused: 0, kept: [any Container]()))
        let barrier = Barrier(parties: 2)
        let finished = onThreads(2) { side in
            _ = barrier.arriveAndWait()
            guard side == 1 else {
                app.end()
                return
            }
            for attempt in 0... {
                let child: any Container
                do throws(StrataError) {
                    if attempt.isMultiple(of: 2) {
                        child = try ServerFeature(parent: app)
                    } else {
                        child = try ServerRequest(parent: app)
                    }
                } catch {
                    guard case .childOfEnded(let parent, _, _) = error,
                        parent == ServerApp.described,
                        error.description.contains("under ServerApp (app tier)")
                    else {
                        exitUnless(false, status: 90, "round \(round): refused with \(error)")
                        return
                    }
                    outcome.withLock { $0.refused += 1 }
                    return
                }
                child.onEnd { _ in hooksRun.next() }
                outcome.withLock { $0.made += 1 }
                // Every third ends itself, racing the app's end; the others the app ends.
                if attempt % 3 == 0 {
                    child.end()
                } else {
                    outcome.withLock { $0.kept.append(child) }
                }
            }
        }
        exitUnless(finished, status: 91, "round \(round): a thread did not finish")
        let (made, refused, kept) = outcome.withLock { ($0.made, $0.refused, $0.kept) }
        exitUnless(
            hooksRun.value == made, status: 92,
            "round \(round): \(made) children made, \(hooksRun.value) ended")
        exitUnless(
            kept.allSatisfy { !$0.isActive } && !app.isActive, status: 93,
            "round \(round): a container is still active after the app's end")
        return (made, refused)
    }
}

/// A request made with the trapping form, at a place the trap's message names.
private final class LateRequest: Container {
    let scope: InteractionScope<ServerApp>

    init(parent: ServerApp) {
        scope = InteractionScope(parent: parent, fileID: "Server/LateRequest.swift", line: 12)
    }

    /// In the child process: makes a request with the trapping form while a request in flight
    /// holds a draining shutdown open; it should not return.
    static func makeWhileTheAppDrains() async {
        let app = ServerApp(log: EventLog())
        let inFlight = try? ServerRequest(parent: app)
        let shutdown = Task { await app.endAndWait(within: .seconds(30), draining: true) }
        while app.isActive { await Task.yield() }
        _ = LateRequest(parent: app)
        withExtendedLifetime((inFlight, shutdown)) {}
    }
}
