/// A container as a report names it, before any text is made: its type (once it is known),
/// its tier, and where its scope was made.
///
/// Every field is a plain value — metatypes and a static string — so copying one touches no
/// reference count, and an end that nobody reads formats nothing; ``description`` makes the
/// ``ContainerDescription`` when someone asks.
///
/// The metatypes are plain `Any.Type`s, eight bytes each: an `any Container.Type` or
/// `any Tier.Type` carries a witness table beside the type, and the core of every scope keeps
/// its tier and its container's type (``ScopeCore``, ``ScopeState/Naming``). Only the tier's
/// `Tier.name` is ever asked of them, when a description is made.
struct ContainerName: Sendable {
    /// The container's type; `nil` for a container never used.
    let owner: Any.Type?
    /// A type conforming to ``Tier``.
    let tier: Any.Type
    let fileID: StaticString
    let line: UInt

    var description: ContainerDescription {
        // Every core is made with a `Tier` type, so the cast always succeeds.
        let tierName = (tier as! any Tier.Type).name
        if let owner { return ContainerDescription(type: owner, tier: tierName) }
        return ContainerDescription(
            typeName: "unnamed \(tierName) container made at \(fileID):\(line)", tier: tierName)
    }
}

/// The containers a report names, in the order they ended: the first inline, so that the
/// report of one container's end holds no array.
struct EndedNames: Sendable {
    private var first: ContainerName?
    private var rest: [ContainerName] = []

    var isEmpty: Bool { first == nil }

    mutating func append(_ name: ContainerName) {
        if first == nil { first = name } else { rest.append(name) }
    }

    mutating func append(contentsOf other: EndedNames) {
        guard let otherFirst = other.first else { return }
        append(otherFirst)
        rest += other.rest
    }

    var descriptions: [ContainerDescription] {
        guard let first else { return [] }
        return [first.description] + rest.map(\.description)
    }
}
