/// A typed request one feature makes of another without importing it: the route's type is
/// the address, its value the input, ``Output`` the answer.
///
/// A route type lives in a module both features can see. The feature that answers
/// registers a handler in its container with `handle(_:_:)`;
/// any container below it can `perform(_:)` the route. The handler receives
/// the container it was installed on, so it captures nothing of it.
///
/// ```swift
/// // In a shared module:
/// struct ShowProfile: Route {
///     typealias Output = ProfileSummary
///     let userID: String
/// }
///
/// // In the profile feature's wiring:
/// signedIn.handle(ShowProfile.self) { signedIn, route in
///     ProfileSummary(signedIn.user().value, for: route.userID)
/// }
///
/// // In the contact-us feature, which does not import the profile feature:
/// let summary = try contactContainer.perform(ShowProfile(userID: user.id))
/// ```
///
/// A route whose handler touches main-actor state is a ``MainActorRoute``; one whose handler
/// must `await` is an ``AsyncRoute``. A type is one kind of route only.
public protocol Route: Sendable {
    /// What performing the route returns.
    associatedtype Output
}

/// A ``Route`` whose handler runs on the main actor.
///
/// Its handler is `@MainActor`, so it may touch main-actor state — a cart, a navigation
/// stack — in a module that is MainActor by default or not. It is performed on the main
/// actor synchronously, or from any isolation with `await`; the compiler checks which.
///
/// ```swift
/// struct AddToCart: MainActorRoute {
///     typealias Output = Int   // items in the cart
///     let item: Item
/// }
///
/// session.handle(AddToCart.self) { session, route in session.cart().add(route.item) }
///
/// let count = try feature.perform(AddToCart(item: item))         // on the main actor
/// let count = try await feature.perform(AddToCart(item: item))   // from anywhere
/// ```
public protocol MainActorRoute: Sendable {
    /// What performing the route returns.
    associatedtype Output
}

/// A ``Route`` whose handler is awaited: a request that takes time or crosses actors, such
/// as a feature asking the app to sign out.
///
/// ```swift
/// struct SignOut: AsyncRoute {
///     typealias Output = Void
/// }
///
/// app.handle(SignOut.self) { app, _ in await app.signOut() }
///
/// try await profile.perform(SignOut())
/// ```
public protocol AsyncRoute: Sendable {
    /// What performing the route returns, handed from the handler to whoever awaits it.
    associatedtype Output: Sendable
}
