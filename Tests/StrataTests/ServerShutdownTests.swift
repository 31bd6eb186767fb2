import Foundation
import Strata
import Testing

/// A draining shutdown under load.
///
/// 500 requests in flight, more arriving while the server ends, a deadline short enough that
/// many are still running at it. No request may trap —
/// not through a provider, not through a factory that reads the parent, not by arriving late
/// — and every one must complete (issue #38).
@Suite("A server's draining shutdown")
struct ServerShutdownTests {
    @Test(
        "500 requests in flight at a draining shutdown all complete, and none traps",
        .timeLimit(.minutes(2)))
    func drainingShutdownUnderLoad() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            await Shutdown.run()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let tally = try #require(Shutdown.Tally(printed), "the child process wrote: \(printed)")
        #expect(tally.completed + tally.cancelled + tally.refused == Shutdown.requests)
        #expect(tally.completed > 0, "no request finished before the deadline")
        #expect(tally.cancelled > 0, "no request was still running at the deadline")
        #expect(tally.refused > 0, "no request arrived after the end began")
        #expect(tally.leased == 0, "leases still out after the shutdown")
    }
}

private enum Shutdown {
    static let requests = 1_000
    static let inFlight = 500

    /// How the child process's requests ended, and the leases still out after the shutdown.
    struct Tally {
        private static let marker = "shutdown: "
        var completed = 0
        var cancelled = 0
        var refused = 0
        var leased = 0

        init(completed: Int, cancelled: Int, refused: Int, leased: Int) {
            (self.completed, self.cancelled, self.refused, self.leased) =
                (completed, cancelled, refused, leased)
        }

        init?(_ printed: String) {
            guard
                let line = printed.split(separator: "\n").last(where: {
                    $0.hasPrefix(Self.marker)
                })
            else { return nil }
            let numbers = line.dropFirst(Self.marker.count).split(separator: " ").compactMap {
                Int($0)
            }
            guard numbers.count == 4 else { return nil }
            (completed, cancelled, refused, leased) = (
                numbers[0], numbers[1], numbers[2], numbers[3]
            )
        }

        func write() {
            FileHandle.standardError.write(
                Data("\(Self.marker)\(completed) \(cancelled) \(refused) \(leased)\n".utf8))
        }
    }

    enum Outcome: Sendable {
        case completed, cancelled, refused
    }

    /// In the child process: half the requests start, the shutdown begins with a deadline
    /// a third of them outlive, and the other half arrive once it has begun.
    static func run() async {
        let server = RequestTests.Server()
        let started = Counter()
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for index in 0..<inFlight {
                group.addTask { await handle(index, on: server, started: started) }
            }
            // Every first request has its lease before the shutdown begins.
            while started.value < inFlight { await Task.yield() }
            group.addTask {
                _ = await server.endAndWait(within: .milliseconds(100), draining: true)
                return .completed
            }
            while server.isActive { await Task.yield() }
            for index in inFlight..<requests {
                group.addTask { await handle(index, on: server, started: started) }
            }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        // The shutdown's own task counted as one completed.
        let completed = outcomes.filter { if case .completed = $0 { true } else { false } }
        _ = await server.endAndWait()
        var leased = 0
        if let pool = try? server.pool.resolve() { leased = await pool.leased }
        Tally(
            completed: completed.count - 1,
            cancelled: outcomes.filter { if case .cancelled = $0 { true } else { false } }.count,
            refused: outcomes.filter { if case .refused = $0 { true } else { false } }.count,
            leased: leased
        ).write()
    }

    /// One request: resolves through its own providers and its parent's, works a while, and
    /// resolves again after the work, cancelled or not.
    ///
    /// Two in three finish at once; the
    /// others' work ends only when cancelled, as the drain's deadline cancels it.
    static func handle(
        _ index: Int, on server: RequestTests.Server, started: Counter
    ) async -> Outcome {
        do {
            return try await server.withRequest(RequestTests.Request.init) { request in
                _ = request.logger()
                _ = try await request.lease.resolve()
                started.next()
                var outcome = Outcome.completed
                do {
                    if index % 3 == 0 {
                        await untilCancelled()
                        try Task.checkCancellation()
                    }
                } catch {
                    outcome = .cancelled
                }
                // After the wait, and after a cancellation: the request still serves.
                _ = request.logger()
                _ = request.parent.logger()
                _ = try await request.lease.resolve()
                return outcome
            }
        } catch StrataError.childOfEnded {
            return .refused
        } catch {
            FileHandle.standardError.write(Data("request \(index) threw \(error)\n".utf8))
            exit(70)
        }
    }
}
