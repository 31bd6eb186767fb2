import Strata
import Testing

@Suite("Scope lifecycle")
struct LifecycleTests {
    @Test("ending the session ends its feature and interaction, newest first, and nothing else")
    func endingSessionEndsItsSubtreeInOrder() {
        let log = EventLog()
        let app = TestApp(log: log)
        _ = app.config()
        let appFeature = app.makeFeature()
        _ = appFeature.screen()
        let session = app.makeSession()
        _ = session.user()
        _ = session.store()
        let feature = session.makeFeature()
        _ = feature.screen()
        let interaction = feature.makeInteraction()
        _ = interaction.form()
        session.onEnd { log.record("session.onEnd") }

        let before = log.all.count
        let report = session.end()

        let events = Array(log.all[before...])
        #expect(
            Array(events.prefix(7)) == [
                "end interaction.form", "released interaction.form",
                "end feature.screen", "released feature.screen",
                "session.onEnd", "end session.store", "end session.user",
            ])
        // The session releases its instances together, after its own hooks.
        #expect(Set(events.dropFirst(7)) == ["released session.store", "released session.user"])
        let hooks = log.all[before...].filter { !$0.hasPrefix("released") }
        #expect(
            Array(hooks) == [
                "end interaction.form", "end feature.screen",
                "session.onEnd", "end session.store", "end session.user",
            ])
        #expect(report.ended.map(\.typeName) == ["TestInteraction", "TestFeature", "TestSession"])
        #expect(!session.isActive && !feature.isActive && !interaction.isActive)
        #expect(app.isActive && appFeature.isActive)
        #expect(!log.all.contains("end app.config") && !log.all.contains("end appFeature.screen"))
    }
}

@Suite("end() semantics")
struct EndSemanticsTests {
    @Test("end() twice runs the hooks once and the second report is empty")
    func endIsIdempotent() {
        let log = EventLog()
        let app = TestApp(log: log)
        let session = app.makeSession()
        _ = session.user()
        session.onEnd { log.record("hook") }

        let first = session.end()
        let second = session.end()

        #expect(log.all.filter { $0 == "hook" || $0 == "end session.user" }.count == 2)
        #expect(first.ended.count == 1)
        #expect(second.ended.isEmpty && second.survivors.isEmpty)
    }

    @Test("a container released without end() ends itself and runs its hooks")
    func releasedContainerEndsItself() {
        let log = EventLog()
        let app = TestApp(log: log)
        do {
            let session = app.makeSession()
            _ = session.user()
            session.onEnd { log.record("session hook") }
        }
        #expect(log.all.contains("end session.user"))
        #expect(log.all.contains("session hook"))
        #expect(log.all.contains("released session.user"))
        #expect(app.tree.children.isEmpty)
    }

    @Test("a container never used is named by its tier and where its scope was made")
    func unusedContainerIsNamedByPlace() {
        let app = TestApp()
        _ = app.makeFeature()  // kept alive by nothing: it ends at once
        let feature = app.makeFeature()
        let node = app.tree.children.first?.container
        #expect(
            node?.typeName.hasPrefix(
                "unnamed feature container made at StrataTests/Fixtures.swift:") == true)
        _ = feature.screen()
        #expect(app.tree.children.first?.container.typeName == "TestFeature")
    }

    @Test("onEnd on an ended container runs the hook at once")
    func onEndAfterEndRunsAtOnce() {
        let log = EventLog()
        let app = TestApp(log: log)
        app.end()
        app.onEnd { log.record("late hook") }
        #expect(log.all == ["late hook"])
    }

    @Test("ending the app ends every tier below it")
    func endingAppEndsEverything() {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let interaction = feature.makeInteraction()
        let appFeature = app.makeFeature()
        _ = (session.user(), feature.screen(), interaction.form(), appFeature.screen())

        let report = app.end()

        #expect(
            report.ended.map(\.typeName) == [
                "TestFeature", "TestInteraction", "TestFeature", "TestSession", "TestApp",
            ])
        #expect(
            [session.isActive, feature.isActive, interaction.isActive, appFeature.isActive]
                .allSatisfy { !$0 })
    }
}

@Suite("Resolving after end")
struct ResolveAfterEndTests {
    @Test("resolve() after end() throws an error naming the container type, tier and provider")
    func resolveThrowsEnded() throws {
        let app = TestApp()
        let session = app.makeSession()
        session.end()

        let error = #expect(throws: StrataError.self) { try session.user.resolve() }
        guard case .ended(let provider)? = error else {
            Issue.record("expected .ended, got \(String(describing: error))")
            return
        }
        #expect(provider.container.typeName == "TestSession")
        #expect(provider.container.tier == "session")
        #expect(provider.name == "user")
        let text = try #require(error?.description)
        #expect(text.contains("TestSession.user"))
        #expect(text.contains("session tier"))
        #expect(text.contains("To fix"))
    }

    @Test("a unique provider after end() throws too")
    func uniqueAfterEndThrows() {
        let app = TestApp()
        app.end()
        #expect(throws: StrataError.self) { try app.fresh.resolve() }
    }

    @Test("a child reading its ended parent's provider gets the parent named")
    func childOfEndedParentNamesParentProvider() {
        let app = TestApp()
        let session = app.makeSession()
        _ = session.appService()
        app.end()
        // The session ended with the app; resolving through it reports the session.
        let error = #expect(throws: StrataError.self) { try session.appService.resolve() }
        #expect(error?.description.contains("TestSession.appService") == true)
    }

    @Test("provider() after end() traps with the same message")
    func providerTrapsAfterEnd() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            let app = TestApp()
            let session = app.makeSession()
            session.end()
            _ = session.user()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("TestSession.user was resolved after its container ended"))
        #expect(text.contains("session tier"))
    }

    @Test("making a child scope under an ended container traps, naming both")
    func childUnderEndedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            let app = TestApp()
            _ = app.config()
            app.end()
            _ = app.makeSession()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("cannot create a session scope under TestApp (app tier)"))
        #expect(text.contains("StrataTests/Fixtures.swift"))
    }
}
