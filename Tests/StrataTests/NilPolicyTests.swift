import Strata
import Synchronization
import Testing

/// Providers of optional instances, whose factories answer `nil` until told otherwise.
private final class Keychain: Container {
    let scope = AppScope()
    let log = EventLog()
    let builds = Counter()
    /// How many calls of the factory answer `nil` before it makes an instance.
    let nilAnswers: Int
    /// Callers arrive here right before they resolve; the factory waits for them all.
    let started = Arrivals()
    let callers: Int

    init(nilAnswers: Int = 0, callers: Int = 1) {
        self.nilAnswers = nilAnswers
        self.callers = callers
    }

    var sharedToken: Provider<Service?> {
        shared {
            self.builds.next()
            return nil
        }
    }

    var optionalTracked: Provider<Tracked?> { shared { Tracked("optional", log: self.log) } }

    var token: Provider<Tracked?> {
        sharedWhenPresent {
            let build = self.builds.next()
            return build > self.nilAnswers ? Tracked("token \(build)", log: self.log) : nil
        }
    }

    var contended: Provider<Service?> {
        sharedWhenPresent {
            let build = self.builds.next()
            _ = self.started.wait(for: self.callers)
            return Service(id: build)
        }
    }

    var banner: MainActorProvider<Service?> {
        sharedWhenPresent {
            let build = self.builds.next()
            return build > self.nilAnswers ? Service(id: build) : nil
        }
    }
}

@Suite struct NilPolicyTests {
    @Test("shared keeps nil like any other value: its factory runs once")
    func sharedKeepsNil() {
        let keychain = Keychain()
        #expect(keychain.sharedToken() == nil)
        #expect(keychain.sharedToken() == nil)
        #expect(keychain.builds.value == 1)
    }

    @Test("sharedWhenPresent runs its factory again while it returns nil")
    func retriesWhileNil() {
        let keychain = Keychain(nilAnswers: 2)
        #expect(keychain.token() == nil)
        #expect(keychain.token() == nil)
        #expect(keychain.builds.value == 2)
    }

    @Test("sharedWhenPresent keeps the first instance its factory returns")
    func keepsTheFirstInstance() throws {
        let keychain = Keychain(nilAnswers: 1)
        #expect(keychain.token() == nil)
        let first = try #require(keychain.token())
        #expect(keychain.token() === first)
        #expect(first.name == "token 2")
        #expect(keychain.builds.value == 2)
    }

    @Test("the main-actor sharedWhenPresent retries while nil and keeps the first instance")
    @MainActor
    func mainActorForm() throws {
        let keychain = Keychain(nilAnswers: 1)
        #expect(keychain.banner() == nil)
        let first = try #require(keychain.banner())
        #expect(keychain.banner() === first)
        #expect(keychain.builds.value == 2)
    }

    @Test(
        "concurrent first resolutions of sharedWhenPresent build one instance, which all get",
        .timeLimit(.minutes(1)))
    func buildsOnceUnderContention() {
        let callers = 8
        let keychain = Keychain(callers: callers)
        let seen = Locked<[ObjectIdentifier]>([])
        let finished = onThreads(callers) { _ in
            keychain.started.arrive()
            guard let service = try? keychain.contended.resolve() else { return }
            seen.withLock { $0.append(ObjectIdentifier(service)) }
        }
        #expect(finished, "the callers did not all return")
        #expect(keychain.builds.value == 1)
        let identities = seen.withLock { $0 }
        #expect(identities.count == callers)
        #expect(Set(identities).count == 1)
    }

    @Test("the instance sharedWhenPresent keeps ends like a shared one")
    func keptInstanceEndsLikeShared() {
        let keychain = Keychain()
        let token = keychain.token()
        let report = keychain.end()
        #expect(keychain.log.all == ["made token 1", "end token 1"])
        #expect(report.watched.map(\.provider.providerName) == ["token"])
        withExtendedLifetime(token) {}
    }

    @Test("a shared optional instance ends like the instance it wraps")
    func sharedOptionalInstanceEnds() {
        let keychain = Keychain()
        let tracked = keychain.optionalTracked()
        let report = keychain.end()
        #expect(keychain.log.all == ["made optional", "end optional"])
        #expect(report.watched.map(\.provider.providerName) == ["optionalTracked"])
        withExtendedLifetime(tracked) {}
    }
}
