/// A typed list that many containers add to and any container below them reads: the key's
/// type is the address, ``Element`` what each contribution adds.
///
/// Where a ``Route`` asks one answer of the nearest container that handles it, a
/// contribution key gathers many: the entries of a home menu, deep-link handlers, analytics
/// sinks. Each feature contributes with `contribute(_:_:)`,
/// and a screen below them gathers every live contribution with
/// ``Container/gather(_:)-2x12m``. A contribution lives as long as the
/// container that made it: when a feature's container ends, its elements are gone.
///
/// ```swift
/// // In a shared module:
/// enum AnalyticsSinks: ContributionKey {
///     typealias Element = any AnalyticsSink
/// }
///
/// // In each feature's wiring:
/// signedIn.contribute(AnalyticsSinks.self) { signedIn in try signedIn.consoleSink.resolve() }
///
/// // Anywhere below:
/// for sink in try feature.gather(AnalyticsSinks.self) { sink.record(event) }
/// ```
///
/// Elements that must be made on the main actor, such as a menu entry with a main-actor
/// action, use a ``MainActorContributionKey`` instead; elements whose making is awaited, an
/// ``AsyncContributionKey``.
public protocol ContributionKey {
    /// What each contribution adds.
    associatedtype Element: Sendable
}

/// A ``ContributionKey`` whose elements are made on the main actor, and so gathered there.
///
/// Contribute from any thread with a main-actor factory; gather on the main actor, or from
/// anywhere with `await`, which the compiler checks. A type is one kind of key only. It is
/// `Sendable`, as a caseless enum is, so that a gather from elsewhere can name it there.
///
/// ```swift
/// enum HomeMenu: MainActorContributionKey {
///     typealias Element = MenuEntry   // holds a main-actor action
/// }
///
/// signedIn.contribute(HomeMenu.self) { signedIn in
///     MenuEntry(title: "Profile", opens: ProfileContainer.destination(under: signedIn))
/// }
///
/// // On the main actor:
/// let entries = try signedIn.gather(HomeMenu.self)
/// // Anywhere:
/// let entries = try await signedIn.gather(HomeMenu.self)
/// ```
public protocol MainActorContributionKey: Sendable {
    /// What each contribution adds.
    associatedtype Element: Sendable
}

/// A ``ContributionKey`` whose elements are made by awaited
/// factories, and so gathered with `await`.
///
/// ```swift
/// enum SyncSources: AsyncContributionKey {
///     typealias Element = any SyncSource
/// }
///
/// signedIn.contribute(SyncSources.self) { signedIn in try await signedIn.inbox.resolve() }
///
/// for source in try await feature.gather(SyncSources.self) { await source.sync() }
/// ```
public protocol AsyncContributionKey {
    /// What each contribution adds.
    associatedtype Element: Sendable
}
