extension Provider {
    /// The object a `weakShared` provider's container holds weakly: the value itself, which
    /// must be a class instance.
    ///
    /// A class type passes at compile time; a protocol type is checked here, on the value.
    @inlinable
    static func weakObject(_ value: Value, for frame: Frame) -> AnyObject {
        guard let object = classInstance(value) else {
            notAnObject(type(of: value as Any), frame)
        }
        return object
    }

    @usableFromInline
    static func notAnObject(_ type: Any.Type, _ frame: Frame) -> Never {
        trap(.weakValueNotAnObject(provider: frame.provider, type: "\(type)"))
    }
}
