extension Provider {
    /// The object a `weakShared` provider's container holds weakly: the value itself, which
    /// must be a class instance.
    ///
    /// A class type passes at compile time; a protocol type is checked here, on the value.
    @inlinable
    static func weakObject(_ value: Value, for frame: Frame) -> AnyObject {
        guard let object = classInstance(value) else {
            fatalError(notAnObject(type(of: value as Any), frame))
        }
        return object
    }

    @usableFromInline
    static func notAnObject(_ type: Any.Type, _ frame: Frame) -> String {
        let provider = frame.provider
        return """
            Strata: \(provider) is weakShared, but its factory made a \(type), which is not a \
            class instance, so the container cannot hold it weakly. \
            Where: provider '\(provider.name)' of \(provider.container). \
            To fix: declare it with shared { … } to keep one value until the container ends, \
            or make \(type) a class.
            """
    }
}
