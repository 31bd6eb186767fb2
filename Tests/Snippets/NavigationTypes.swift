// What Navigation.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is MainActor by default, as an app target: view models are
// main-actor, so their providers are `MainActorProvider`s. The views stand on
// SwiftUIStandIns.swift.

@_exported import Observation

struct User {}

typealias ProductID = Int

enum ShopLink {
    case product(ProductID)
}

final class HomeViewModel {}
final class ProductViewModel {}
final class CartViewModel {}

struct HomeView: View {
    let viewModel: HomeViewModel
    let onSelect: (ProductID) -> Void
    var body: some View { EmptyView() }
}

struct ProductView: View {
    let viewModel: ProductViewModel
    var body: some View { EmptyView() }
}

struct CartView: View {
    let viewModel: CartViewModel
    var body: some View { EmptyView() }
}

final class AppContainer: Container {
    let scope = AppScope()
    func makeSession(for user: User) -> SessionContainer { SessionContainer(parent: self) }
}

final class ProductContainer: Container {
    let scope: FeatureScope<TabContainer>
    let product: ProductID
    init(checking parent: TabContainer, product: ProductID) throws(StrataError) {
        self.product = product
        scope = try FeatureScope(checking: parent)
    }
    var viewModel: MainActorProvider<ProductViewModel> { shared { ProductViewModel() } }
}

final class CartContainer: Container {
    let scope: FeatureScope<TabContainer>
    init(parent: TabContainer) { scope = FeatureScope(parent: parent) }
    var viewModel: MainActorProvider<CartViewModel> { shared { CartViewModel() } }
}

func log(_ message: String) { print(message) }
