import Strata

/// The shop's tabs.
nonisolated enum ShopTab: Hashable, Sendable {
    case home, search, cart
}

/// The home tab: the front page, with its stack of product screens.
final class HomeContainer: Container {
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
    var model: MainActorProvider<HomeModel> { shared { HomeModel(self.catalog()) } }
}

/// The search tab, with its stack of product screens.
final class SearchContainer: Container {
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
    var model: MainActorProvider<SearchModel> { shared { SearchModel(self.catalog()) } }
}

/// The cart tab: the session's cart, its stack, and the checkout sheet over the stack.
final class CartContainer: Container {
    let scope: FeatureScope<SessionContainer>
    init(parent: SessionContainer) { scope = FeatureScope(parent: parent) }
    var stack: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
    var sheet: Provider<ContainerStack> { shared { ContainerStack(in: self) } }
    var model: MainActorProvider<CartModel> { shared { CartModel(self.cart()) } }
}

/// A product's screen, pushed on a tab's stack; `id` is the product's.
final class ProductContainer: Container {
    let scope: FeatureScope<SessionContainer>
    let id: Int
    init(parent: SessionContainer, id: Int) { (scope, self.id) = (.init(parent: parent), id) }
    var model: MainActorProvider<ProductModel> { shared { ProductModel(self.id, self.catalog()) } }
}

/// The checkout sheet, presented over the cart tab's stack: an interaction.
final class CheckoutContainer: Container {
    let scope: InteractionScope<CartContainer>
    init(parent: CartContainer) { scope = InteractionScope(parent: parent) }
    var model: MainActorProvider<CheckoutModel> { shared { CheckoutModel(self.cart()) } }
}
