/// Names a container in errors, reports, trees and traces: its type and its tier.
public struct ContainerDescription: Sendable, Hashable, CustomStringConvertible {
    /// The container's type name, for example `SignedInContainer`.
    ///
    /// Formatted when first asked for: every `end()` reports its container, and most reports
    /// are never printed.
    public var typeName: String {
        switch name {
        case .type(let type): String(describing: type)
        case .text(let text): text
        }
    }

    /// The container's tier name, for example `session`.
    public let tier: String

    private enum Name: Sendable {
        case type(Any.Type)
        case text(String)
    }

    private let name: Name

    /// Makes a description from a type name and a tier name.
    ///
    /// - Parameters:
    ///   - typeName: The container's type name.
    ///   - tier: The name of the container's tier.
    package init(typeName: String, tier: String) {
        self.name = .text(typeName)
        self.tier = tier
    }

    init(type: Any.Type, tier: String) {
        self.name = .type(type)
        self.tier = tier
    }

    /// Two descriptions are equal when they name the same type name and tier.
    public static func == (lhs: ContainerDescription, rhs: ContainerDescription) -> Bool {
        lhs.tier == rhs.tier && lhs.typeName == rhs.typeName
    }

    /// Hashes the type name and the tier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(tier)
    }

    /// `SignedInContainer (session tier)`.
    public var description: String { "\(typeName) (\(tier) tier)" }
}

/// Names a provider in errors, reports, trees and traces: the container that declares it
/// and the provider's own name, as ``description`` says them: `SignedInContainer.profile`.
public struct ProviderDescription: Sendable, Hashable, CustomStringConvertible {
    /// The container that declares the provider.
    package let containerDescription: ContainerDescription
    /// The provider's name: the property or method that declares it, with the argument of
    /// a `shared(by:)` provider in brackets, for example `editor(for:)[42]`.
    package let providerName: String

    /// Makes a description from a container and a provider name.
    ///
    /// - Parameters:
    ///   - container: The container that declares the provider.
    ///   - name: The provider's name.
    package init(container: ContainerDescription, name: String) {
        self.containerDescription = container
        self.providerName = name
    }

    /// `SignedInContainer.profileViewModel`.
    public var description: String { "\(containerDescription.typeName).\(providerName)" }
}
