/// What an ended instance is told, by its type: ``ScopeBound``, ``AsyncScopeBound``, both, or
/// neither.
///
/// Asking the runtime whether a type conforms to a protocol goes through its conformance
/// cache even when it has the answer; asked twice for every instance, it was a tenth of an
/// interaction container's whole life (the "child" line of Benchmarks/README.md). A type's
/// conformances do not change, so the answer is remembered here, per type, in a small table
/// read with one atomic load. The cast itself is made only for an instance that conforms.
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
