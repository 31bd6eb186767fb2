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
        let feature = session.makeFeature()
        _ = feature.screen()
        let interaction = feature.makeInteraction()
        _ = interaction.form()

        let before = log.all.count
        let report = session.end()

        #expect(
            Array(log.all[before...]) == [
                "end interaction.form", "released interaction.form",
                "end feature.screen", "released feature.screen",
                "end session.user", "released session.user",
            ])
        #expect(report.ended.map(\.typeName) == ["TestInteraction", "TestFeature", "TestSession"])
        #expect(!session.isActive && !feature.isActive && !interaction.isActive)
        #expect(app.isActive && appFeature.isActive)
        #expect(!log.all.contains("end app.config") && !log.all.contains("end appFeature.screen"))
    }

    @Test("end hooks and instance hooks run interleaved, newest first, after the children end")
    func hooksRunInReverseCreationOrder() {
        let log = EventLog()
        let app = TestApp(log: log)
        let session = app.makeSession()
        session.onEnd { _ in log.record("session hook 1") }
        _ = session.user()
        session.onEnd { _ in log.record("session hook 2") }
        let feature = session.makeFeature()
        feature.onEnd { _ in log.record("feature hook") }
        _ = feature.screen()
        _ = session.store()
        session.onEnd { _ in log.record("session hook 3") }

        let before = log.all.count
        session.end()

        let events = Array(log.all[before...])
        #expect(
            Array(events.prefix(8)) == [
                "end feature.screen", "feature hook", "released feature.screen",
                "session hook 3", "end session.store", "session hook 2", "end session.user",
                "session hook 1",
            ])
        // The session releases its instances together, after all its hooks; in no set order.
        #expect(events.count == 10)
        #expect(Set(events.dropFirst(8)) == ["released session.store", "released session.user"])
    }

    @Test("during end() isActive is false in the container's own hooks and in its children's")
    func isActiveIsFalseWhileEnding() {
        let app = TestApp()
        let session = app.makeSession()
        let feature = session.makeFeature()
        let seen = Locked<[String]>([])
        // Both hooks capture the session, which keeps it alive only until end().
        feature.onEnd { _ in seen.withLock { $0.append("child hook: \(session.isActive)") } }
        session.onEnd { _ in seen.withLock { $0.append("own hook: \(session.isActive)") } }

        session.end()

        #expect(seen.withLock { $0 } == ["child hook: false", "own hook: false"])
    }

    @Test(
        "an ending container resolves for its children while they end; in its own hooks it throws .ended"
    )
    func resolvingWhileEndingThrowsEnded() {
        let app = TestApp()
        let session = app.makeSession()
        _ = session.user()  // made before the end: the cached instance is not handed out either
        let feature = session.makeFeature()
        let seen = Locked<[String]>([])
        let attempt: @Sendable (String) -> Void = { place in
            for provider in [session.user, session.store] {
                do {
                    _ = try provider.resolve()
                    seen.withLock { $0.append("\(place): resolved") }
                } catch StrataError.ended(let ended) {
                    seen.withLock { $0.append("\(place): ended \(ended)") }
                } catch {
                    seen.withLock { $0.append("\(place): \(error)") }
                }
            }
        }
        feature.onEnd { _ in attempt("child hook") }
        session.onEnd { _ in attempt("own hook") }

        session.end()

        #expect(
            seen.withLock { $0 } == [
                "child hook: resolved", "child hook: resolved",
                "own hook: ended TestSession.user", "own hook: ended TestSession.store",
            ])
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
        session.onEnd { _ in log.record("hook") }

        let first = session.end()
        let second = session.end()

        #expect(log.all.filter { $0 == "hook" || $0 == "end session.user" }.count == 2)
        #expect(first.ended.count == 1)
        #expect(second.ended.isEmpty && second.watched.isEmpty)
    }

    @Test("a container released without end() ends itself and runs its hooks")
    func releasedContainerEndsItself() {
        let log = EventLog()
        let app = TestApp(log: log)
        do {
            let session = app.makeSession()
            _ = session.user()
            session.onEnd { _ in log.record("session hook") }
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
        app.onEnd { _ in log.record("late hook") }
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
        #expect(provider.containerDescription.typeName == "TestSession")
        #expect(provider.containerDescription.tier == "session")
        #expect(provider.providerName == "user")
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

    @Test("a child ended with its parent names its own provider, not the parent's it reads")
    func childEndedWithParentNamesOwnProvider() {
        let app = TestApp()
        let session = app.makeSession()
        _ = session.appService()  // reads app.service
        app.end()
        // The session ended with the app: resolving through it stops at the session.
        let error = #expect(throws: StrataError.self) { try session.appService.resolve() }
        guard case .ended(let provider)? = error else {
            Issue.record("expected .ended, got \(String(describing: error))")
            return
        }
        #expect(provider.description == "TestSession.appService")
        #expect(provider.containerDescription.tier == "session")
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
