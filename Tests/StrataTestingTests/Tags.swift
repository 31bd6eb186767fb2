import Testing

extension Tag {
    /// Many rounds of a race or a shape: run alone by `.ci/run stress` too.
    @Tag static var stress: Self
}
