import Strata

/// The instance each provider of ``WideContainer`` makes.
final class WideLeaf: Sendable {}

/// A container with 10,000 distinct `shared` providers.
///
/// A provider is keyed by its declaration: the `#function` literal, the line and the value
/// type. Ten thousand declarations would make a source file of 700 KB that takes minutes to
/// build, so each provider here passes a `line:` of its own — the key a declaration on that
/// line would have. `shared(by:)` would not do: it varies the argument of one provider.
final class WideContainer: Container {
    static let providerCount = 10_000

    let scope = AppScope()

    /// The provider declared, as it were, on line `index`.
    func provider(_ index: Int) -> Provider<WideLeaf> {
        shared("provider", line: UInt(index)) { WideLeaf() }
    }

    var allProviders: [Provider<WideLeaf>] { (0..<Self.providerCount).map(provider) }
}
