import Synchronization

/// The roles of the types asked about lately: a direct-mapped table of words, each a type's
/// metadata address with its roles in the low bits, which the address's alignment leaves
/// free. A word is written whole, so a reader sees an answer or another type's, never half of
/// one; two types that share a slot take turns, each asking the runtime again.
///
/// Invariants its callers keep:
/// - `address` is a type's metadata address (`ObjectIdentifier` of a metatype), so its two
///   low bits, and the third, are zero: the roles and the in-use mark fit there.
/// - The table lives as long as the process (``EndRole``'s one static table), so its slots
///   are never freed under a reader; `deinit` exists for tables made in tests.
///
/// The slots are a raw buffer of atomics because `Atomic` cannot be copied, so it cannot be
/// an `Array`'s element; the buffer is allocated once, never resized.
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
