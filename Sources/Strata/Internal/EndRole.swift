import Synchronization

/// What an ended instance is told, by its type: ``ScopeBound``, ``AsyncScopeBound``, both, or
/// neither.
///
/// Asking the runtime whether a type conforms to a protocol costs about 400 instructions even
/// when the runtime has cached the answer; asked twice for every instance, it was a tenth of
/// an interaction container's whole life. A type's conformances do not change, so the answer
/// is remembered here, per type, in a small table read with one atomic load. The cast itself
/// is made only for an instance that conforms.
///
/// (A conformance that a library loaded later adds to a type already asked about is not
/// seen: Strata's protocols are adopted where a type is declared.)
package struct EndRole: OptionSet {
    package let rawValue: UInt

    package init(rawValue: UInt) { self.rawValue = rawValue }

    package static let bound = EndRole(rawValue: 1)
    package static let asyncBound = EndRole(rawValue: 2)

    /// The roles of `object`'s dynamic type.
    static func of(_ object: AnyObject) -> EndRole {
        let type = UInt(bitPattern: ObjectIdentifier(Swift.type(of: object)))
        return table.roles(of: type) {
            var roles: EndRole = []
            if object is any ScopeBound { roles.insert(.bound) }
            if object is any AsyncScopeBound { roles.insert(.asyncBound) }
            return roles
        }
    }

    private static let table = RoleTable(slotCount: 64)
}

/// The roles of the types asked about lately: a direct-mapped table of words, each a type's
/// metadata address with its roles in the low bits, which the address's alignment leaves
/// free. A word is written whole, so a reader sees an answer or another type's, never half of
/// one; two types that share a slot take turns, each asking the runtime again.
// @unchecked: the pointer never changes, and every slot it points to is an atomic.
package final class RoleTable: @unchecked Sendable {
    /// The low bits: the roles, and a mark that the word is in use.
    private static let roleBits: UInt = 0b11
    private static let inUse: UInt = 0b100

    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    private let slotCount: Int

    package init(slotCount: Int) {
        self.slotCount = slotCount
        slots = .allocate(capacity: slotCount)
        for index in 0..<slotCount { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
    }

    /// The roles of the type whose metadata is at `address`, asked of `ask` unless the table
    /// holds them.
    package func roles(of address: UInt, ask: () -> EndRole) -> EndRole {
        let slot = slots + Int((address >> 4 ^ address >> 10) % UInt(slotCount))
        let word = slot.pointee.load(ordering: .relaxed)
        if word & ~(Self.roleBits | Self.inUse) == address, word & Self.inUse != 0 {
            return EndRole(rawValue: word & Self.roleBits)
        }
        let roles = ask()
        slot.pointee.store(address | Self.inUse | roles.rawValue, ordering: .relaxed)
        return roles
    }
}
