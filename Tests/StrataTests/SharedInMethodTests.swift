import Strata
import Testing

/// A container whose providers are declared in methods, the right way and the wrong way.
private final class Catalog: Container {
    let scope = AppScope()
    let counter = Counter()

    // Wrong: one instance per container, whatever the argument.
    func item(_ id: Int) -> Provider<Service> { shared { Service(id: id) } }
    func cached(for id: Int) -> Provider<Service> { weakShared { Service(id: id) } }
    func loaded(_ id: Int) -> AsyncProvider<Service> { shared { Service(id: id) } }
    func model(for id: Int) -> MainActorProvider<Service> { shared { Service(id: id) } }

    // Right.
    var profile: Provider<Service> { shared { Service(id: self.counter.next()) } }
    func make() -> Provider<Service> { shared { Service(id: self.counter.next()) } }
    func entry(_ id: Int) -> Provider<Service> { shared(by: id) { Service(id: id) } }
    func draft(for id: Int) -> Provider<Service> { unique { Service(id: id) } }
}

/// Each way of declaring a per-container provider in a method with arguments.
enum IgnoredArgumentsCase: String, CaseIterable, Codable, Sendable {
    case shared, weakShared, asyncShared, mainActorShared

    /// The provider's name as the trap prints it.
    var method: String {
        switch self {
        case .shared: "item(_:)"
        case .weakShared: "cached(for:)"
        case .asyncShared: "loaded(_:)"
        case .mainActorShared: "model(for:)"
        }
    }

    /// Resolves the misdeclared provider; it should not return.
    func resolve() async {
        let catalog = Catalog()
        switch self {
        case .shared: _ = catalog.item(1)()
        case .weakShared: _ = catalog.cached(for: 1)()
        case .asyncShared: _ = await catalog.loaded(1)()
        case .mainActorShared: _ = await MainActor.run { catalog.model(for: 1)() }
        }
    }
}

@Suite("shared { } in a method with arguments")
struct SharedInMethodTests {
    @Test(
        "a per-container provider in a method with arguments traps, naming the method and shared(by:)",
        arguments: IgnoredArgumentsCase.allCases)
    func trapsNamingSharedBy(_ misuse: IgnoredArgumentsCase) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [misuse] in
            await misuse.resolve()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("Strata: Catalog.\(misuse.method) is declared with"))
        #expect(printed.contains("in a method that takes arguments"))
        #expect(printed.contains("shared(by: value)"))
    }

    @Test("shared { } in a property still makes one instance per container")
    func propertyIsUnaffected() {
        let catalog = Catalog()
        let first = catalog.profile()
        let second = catalog.profile()
        #expect(first === second)
        #expect(catalog.counter.value == 1)
    }

    @Test("shared { } in a method without arguments still makes one instance per container")
    func methodWithoutArgumentsIsUnaffected() {
        let catalog = Catalog()
        let first = catalog.make()()
        #expect(first === catalog.make()())
        #expect(catalog.counter.value == 1)
    }

    @Test("shared(by:) in a method makes one instance per argument")
    func sharedByIsUnaffected() {
        let catalog = Catalog()
        let first = catalog.entry(1)()
        #expect(first === catalog.entry(1)())
        #expect(first.id == 1)
        #expect(catalog.entry(2)().id == 2)
    }

    @Test("unique { } in a method makes a new instance from each call's arguments")
    func uniqueIsUnaffected() {
        let catalog = Catalog()
        let first = catalog.draft(for: 1)()
        #expect(first !== catalog.draft(for: 1)())
        #expect(catalog.draft(for: 2)().id == 2)
    }
}
