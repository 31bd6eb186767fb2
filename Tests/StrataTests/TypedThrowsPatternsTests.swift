import Strata
import Testing

// Swift 6.3.1 crashes while compiling `catch let error as StrataError { #expect(…) }` after a
// call that throws `StrataError` by type ("Found ownership error?!", in SILGen); it happens
// with any typed-throws function. Never write that pattern in a compiled file. These are the
// patterns that compile and work; the article "Testing with overrides" says which to write.

/// A container each test ends and then resolves from, to get `StrataError.ended` naming
/// `EndedBeforeUse.store`.
private final class EndedBeforeUse: Container {
    let scope = AppScope()
    var store: Provider<Service> { shared { Service(id: 1) } }
}

@Suite("Typed throws in tests: the patterns that compile on Swift 6.3")
struct TypedThrowsPatternsTests {
    @Test("catch { … } gets a StrataError already, with no cast")
    func catchAll() {
        let container = EndedBeforeUse()
        container.end()
        do {
            _ = try container.store.resolve()
            Issue.record("resolving from an ended container returned an instance")
        } catch {
            // `resolve()` throws(StrataError), so `error` is a StrataError here.
            guard case .ended(let provider) = error else {
                Issue.record("expected .ended, got \(error)")
                return
            }
            #expect(provider.description == "EndedBeforeUse.store")
            #expect(error.description.contains("resolved after its container ended"))
        }
    }

    @Test("catch StrataError.ended(let provider) matches the case and binds what it carries")
    func catchCase() {
        let container = EndedBeforeUse()
        container.end()
        do {
            _ = try container.store.resolve()
            Issue.record("resolving from an ended container returned an instance")
        } catch StrataError.ended(let provider) {
            #expect(provider.providerName == "store")
            #expect(provider.containerDescription.typeName == "EndedBeforeUse")
            #expect(provider.containerDescription.tier == "app")
        } catch {
            Issue.record("expected .ended, got \(error)")
        }
    }

    @Test("#expect(throws: StrataError.self) returns the error to look into")
    func expectThrows() {
        let container = EndedBeforeUse()
        container.end()
        let error = #expect(throws: StrataError.self) { try container.store.resolve() }
        guard case .ended(let provider)? = error else {
            Issue.record("expected .ended, got \(String(describing: error))")
            return
        }
        #expect(provider.description == "EndedBeforeUse.store")
    }
}
