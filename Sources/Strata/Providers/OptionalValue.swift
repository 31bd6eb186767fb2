/// An `Optional` of any type, so that generic code can ask whether it holds a value.
@usableFromInline
protocol OptionalValue {
    /// Whether the optional holds a value.
    var isPresent: Bool { get }
    /// The value when it is a class instance, looking through nested optionals; `nil` when
    /// absent or a value type.
    var wrappedObject: AnyObject? { get }
}

extension Optional: OptionalValue {
    @usableFromInline
    var isPresent: Bool { self != nil }

    @usableFromInline
    var wrappedObject: AnyObject? {
        guard let wrapped = self else { return nil }
        let value = wrapped as Any
        if type(of: value) is AnyClass { return value as AnyObject }
        return (value as? any OptionalValue)?.wrappedObject
    }
}
