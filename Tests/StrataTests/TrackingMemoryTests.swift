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

    @Test("observe(in:once:) leaves no registration, fired or ended first")
    func observeOnceLeavesNothing() {
        let app = TestApp()
        let feature = app.makeFeature()
        let setting = Observed(0)
        let fired = feature.makeInteraction()
        setting.observe(in: fired, once: true) { _ in }
        for _ in 0..<1_000 {
            let interaction = feature.makeInteraction()
            setting.observe(in: interaction, once: true) { _ in }
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
        arguments: [false, true])
    func trackLeavesNothing(initial: Bool) {
        let app = TestApp()
        let feature = app.makeFeature()
        let setting = Observed(0)
        for _ in 0..<1_000 {
            let interaction = feature.makeInteraction()
            interaction.track(initial: initial) {
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

/// What short-lived containers that follow a long-lived model's property by key path leave
/// in it: the one registration all of them share, and nothing of their own.
@Suite("What containers that followed a property by key path leave in the model")
struct PropertyTrackingMemoryTests {
    @Test(
        "1,000 ended containers that followed a property installed one registration, and no follower is left",
        arguments: [false, true])
    func oneRegistrationForAll(initial: Bool) {
        let feature = TestApp().makeFeature()
        let settings = AppSettings()
        for _ in 0..<1_000 {
            let dialog = feature.makeInteraction()
            dialog.track(initial: initial, \.theme, of: settings) { _ in }
            dialog.end()
        }
        let observation = PropertyObservation.existing(
            of: settings, \AppSettings.theme, delivering: .deliveryThread)
        #expect(observation?.installs == 1)
        #expect(observation?.followerCount == 0)
    }

    @Test(
        "1,000 ended containers that followed a property on the main actor installed one registration"
    )
    @MainActor
    func oneRegistrationOnMainActor() {
        let feature = TestApp().makeFeature()
        let viewModel = StatusViewModel()
        for _ in 0..<1_000 {
            let dialog = feature.makeInteraction()
            dialog.trackOnMainActor(initial: true, \.status, of: viewModel) { _ in }
            dialog.end()
        }
        let observation = PropertyObservation.existing(
            of: viewModel, \StatusViewModel.status, delivering: .mainActor)
        #expect(observation?.installs == 1)
        #expect(observation?.followerCount == 0)
    }

    @Test("a cancelled tracking leaves no follower, its token still held")
    func cancelledTrackingLeavesNoFollower() {
        let settings = AppSettings()
        let app = TestApp()
        let subscription = app.track(\.theme, of: settings) { _ in }
        let observation = PropertyObservation.existing(
            of: settings, \AppSettings.theme, delivering: .deliveryThread)
        #expect(observation?.followerCount == 1)
        subscription.cancel()
        #expect(observation?.followerCount == 0)
        app.end()
    }

    @Test("with nobody following, the next change lets the registration and what it holds go")
    func changeReleasesTheRegistration() {
        let settings = AppSettings()
        let dialog = TestApp().makeFeature().makeInteraction()
        dialog.track(\.theme, of: settings) { _ in }
        dialog.end()
        weak let observation = PropertyObservation.existing(
            of: settings, \AppSettings.theme, delivering: .deliveryThread)
        #expect(observation != nil)
        settings.theme = 1
        #expect(observation == nil)
    }

    @Test("a model that goes lets its registration and what it holds go")
    func modelReleasesTheRegistration() {
        weak var observation: PropertyObservation?
        do {
            let settings = AppSettings()
            let dialog = TestApp().makeFeature().makeInteraction()
            dialog.track(\.theme, of: settings) { _ in }
            dialog.end()
            observation = PropertyObservation.existing(
                of: settings, \AppSettings.theme, delivering: .deliveryThread)
            #expect(observation != nil)
        }
        #expect(observation == nil)
    }

    @Test(
        "100,000 dialogs that follow an unchanging @Observable app model keep resident memory flat: within 8 MB after warm-up",
        .timeLimit(.minutes(1)))
    func memoryStaysFlat() async {
        await #expect(processExitsWith: .success) {
            let feature = TestApp().makeFeature()
            let settings = AppSettings()
            let viewModel = await StatusViewModel()
            // Half of the dialogs follow the property on any thread, half on the main actor.
            func follow(_ dialogs: Int) async {
                let count = dialogs / 2
                for _ in 0..<count {
                    let dialog = feature.makeInteraction()
                    dialog.track(\.theme, of: settings) { _ in }
                    dialog.end()
                }
                await MainActor.run {
                    for _ in 0..<count {
                        let dialog = feature.makeInteraction()
                        dialog.trackOnMainActor(\.status, of: viewModel) { _ in }
                        dialog.end()
                    }
                }
            }
            // A tenth under ThreadSanitizer, ten times slower, where the count of
            // registrations is what the tests above check.
            let scale = isUnderThreadSanitizer ? 10 : 1
            await follow(10_000 / scale)  // warm-up
            let before = residentBytes()
            await follow(100_000 / scale)
            let after = residentBytes()
            exitUnless(
                after - before <= 8 << 20, status: 91,
                "resident memory grew by \(after - before) bytes, from \(before) to \(after)")
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
