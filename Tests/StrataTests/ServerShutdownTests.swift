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
    /// they outlive, and the other half arrive during it.
    static func run() async {
        let server = RequestTests.Server()
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for index in 0..<inFlight { group.addTask { await handle(index, on: server) } }
            // Let the first requests get going before the shutdown begins.
            try? await Task.sleep(for: .milliseconds(30))
            group.addTask {
                _ = await server.endAndWait(within: .milliseconds(100), draining: true)
                return .completed
            }
            for index in inFlight..<requests {
                group.addTask { await handle(index, on: server) }
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

    /// One request: resolves through its own providers and its parent's, waits a while (the
    /// work), and resolves again after the wait, cancelled or not.
    static func handle(_ index: Int, on server: RequestTests.Server) async -> Outcome {
        do {
            return try await server.withRequest(RequestTests.Request.init) { request in
                _ = request.logger()
                _ = try await request.lease.resolve()
                var outcome = Outcome.completed
                do {
                    try await Task.sleep(for: .milliseconds(index % 200 + 1))
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
