import Strata
import Testing

// Four tiers, each reading what it does not declare from its ancestors by name.

private final class Shop: Container {
    let scope = AppScope()
    var api: Provider<Service> { shared { Service(id: 1) } }
    var label: Provider<String> { shared { "shop" } }
}

private final class Visit: Container {
    let scope: SessionScope<Shop>
    init(parent: Shop) { scope = SessionScope(parent: parent) }
    var label: Provider<String> { shared { "visit" } }
    var basket: Provider<Service> { shared { Service(id: self.api().id + 10) } }
}

private final class Checkout: Container {
    let scope: FeatureScope<Visit>
    init(parent: Visit) { scope = FeatureScope(parent: parent) }
}

private final class Payment: Container {
    let scope: InteractionScope<Checkout>
    init(parent: Checkout) { scope = InteractionScope(parent: parent) }
    var summary: Provider<String> { shared { "\(self.label()) \(self.basket().id)" } }
}

@Suite struct AncestorTests {
    @Test("a name a container does not declare is its nearest ancestor's, three tiers up")
    func threeTiersUp() {
        let shop = Shop()
        let payment = Payment(parent: Checkout(parent: Visit(parent: shop)))
        #expect(payment.api() === shop.api())
        #expect(payment.basket() === payment.parent.parent.basket())
        // The session's `label` hides the app's, as a nearer declaration does.
        #expect(payment.summary() == "visit 11")
    }

    @Test("an ancestor's provider read by name sees its override")
    func overrideReachesByName() {
        let shop = Shop()
        let checkout = Checkout(parent: Visit(parent: shop))
        let seven = shop.api.override { Service(id: 7) }
        #expect(checkout.api().id == 7)
        seven.cancel()
        #expect(checkout.api().id == 1)
    }

    @Test("the scope holds the parent: a child keeps its ancestors alive")
    func childKeepsItsAncestors() {
        var shop: Shop? = Shop()
        weak let released = shop
        let checkout = shop.map { Checkout(parent: Visit(parent: $0)) }
        shop = nil
        #expect(released != nil)
        #expect(checkout?.parent.parent === released)
    }
}
