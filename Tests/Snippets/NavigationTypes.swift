// What Navigation.md's blocks use but do not define, declared plainly: no isolation
// annotation. The module is nonisolated by default; a class that a `Provider` holds says it
// is `Sendable`, as it must there. The views stand on SwiftUIStandIns.swift.

@_exported import Observation

struct User {}

struct ProductID: Hashable {
    let value: Int
}

enum ShopLink {
    case product(ProductID)
}

final class HomeViewModel: Sendable {}
final class ProductViewModel: Sendable {}
final class CartViewModel: Sendable {}

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
    var viewModel: Provider<ProductViewModel> { shared { ProductViewModel() } }
}

final class CartContainer: Container {
    let scope: FeatureScope<TabContainer>
    init(parent: TabContainer) { scope = FeatureScope(parent: parent) }
    var viewModel: Provider<CartViewModel> { shared { CartViewModel() } }
}

func log(_ message: String) { print(message) }
