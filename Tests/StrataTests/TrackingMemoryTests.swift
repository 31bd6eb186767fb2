import Foundation
import Strata
import Testing

/// What short-lived containers leave behind in a long-lived value they followed: nothing,
/// once they end.
@Suite("What ended containers leave in what they followed")
struct TrackingMemoryTests {
    @Test("observe(in:) from ended containers leaves no registration")
    func observeLeavesNothing() {
        let app = TestApp()
        let feature = app.makeFeature()
        let setting = Observed(0)
        for _ in 0..<1_000 {
            let interaction = feature.makeInteraction()
            setting.observe(in: interaction) { _ in }
            interaction.end()
        }
        #expect(setting.registrationCount == 0)
    }

    @Test("observeOnce(in:) leaves no registration, fired or ended first")
    func observeOnceLeavesNothing() {
        let app = TestApp()
        let feature = app.makeFeature()
        let setting = Observed(0)
        let fired = feature.makeInteraction()
        setting.observeOnce(in: fired) { _ in }
        for _ in 0..<1_000 {
            let interaction = feature.makeInteraction()
            setting.observeOnce(in: interaction) { _ in }
            interaction.end()
        }
        #expect(setting.registrationCount == 1)
        setting.value = 1
        #expect(setting.registrationCount == 0)
        fired.end()
    }

    @Test("a cancelled subscription leaves no registration, its token still held")
    func cancelledSubscriptionLeavesNothing() {
        let setting = Observed(0)
        let subscription = setting.subscribe { _ in }
        #expect(setting.registrationCount == 1)
        subscription.cancel()
        #expect(setting.registrationCount == 0)
    }

    @Test(
        "track from ended containers leaves no registration, from either start",
        arguments: [TrackingStart.nextChange, .currentValue])
    func trackLeavesNothing(start: TrackingStart) {
        let app = TestApp()
        let feature = app.makeFeature()
        let setting = Observed(0)
        for _ in 0..<1_000 {
            let interaction = feature.makeInteraction()
            interaction.track(from: start) {
                setting.value
            } onChange: { _ in
            }
            interaction.end()
        }
        #expect(setting.registrationCount == 0)
    }

    @Test("a tracking follows only what its last read read", .timeLimit(.minutes(1)))
    func trackingFollowsItsLastRead() async {
        let app = TestApp()
        let useFirst = Observed(true)
        let first = Observed(1)
        let second = Observed(2)
        let seen = AsyncStream<Int>.makeStream()
        app.track {
            useFirst.value ? first.value : second.value
        } onChange: {
            seen.continuation.yield($0)
        }
        #expect(first.registrationCount == 1)
        #expect(second.registrationCount == 0)
        useFirst.value = false
        var values = seen.stream.makeAsyncIterator()
        #expect(await values.next() == 2)
        #expect(first.registrationCount == 0)
        #expect(second.registrationCount == 1)
        app.end()
        #expect(useFirst.registrationCount == 0)
        #expect(second.registrationCount == 0)
    }

    @Test(
        "1,000,000 interaction containers (100,000 in debug) tracking an unchanging app value keep memory flat",
        .timeLimit(.minutes(1)))
    func memoryStaysFlat() async {
        await #expect(processExitsWith: .success) {
            let app = TestApp()
            let feature = app.makeFeature()
            let setting = Observed(0)
            func follow(_ count: Int) {
                for _ in 0..<count {
                    let interaction = feature.makeInteraction()
                    interaction.track {
                        setting.value
                    } onChange: { _ in
                    }
                    interaction.end()
                }
            }
            // The million in optimised builds (the release gate runs these tests there); a
            // tenth in debug builds and under ThreadSanitizer, ten times slower each, so that
            // the debug suite's other tests are not starved of a core for twenty seconds.
            #if DEBUG
                let scale = 10
            #else
                let scale = isUnderThreadSanitizer ? 10 : 1
            #endif
            follow(100_000 / scale)  // warm-up
            let before = residentBytes()
            follow(900_000 / scale)
            let after = residentBytes()
            exitUnless(
                Double(after) <= Double(before) * 1.10, status: 91,
                "resident memory grew from \(before) to \(after) bytes")
            exitUnless(setting.registrationCount == 0, status: 92, "registrations remain")
        }
    }
}

/// The resident memory of this process, from `/proc/self/statm` on Linux and from the task's
/// basic info elsewhere.
func residentBytes() -> Int {
    #if os(Linux)
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(
            MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return status == KERN_SUCCESS ? Int(info.resident_size) : 0
    #endif
}
