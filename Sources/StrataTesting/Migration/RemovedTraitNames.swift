#if compiler(>=6.1)
    public import Testing

    // The 0.9 names of the leak check, which 1.0 renamed for the model's words: an instance
    // alive at its container's end is watched, and one still alive once judged is a leak.
    // Unavailable with `renamed:`, so that the compiler offers the fix-it; none is in the
    // public surface.

    /// Removed in 1.0: ``NoLeaksTrait``.
    @available(*, unavailable, renamed: "NoLeaksTrait")
    public typealias NoSurvivorsTrait = NoLeaksTrait

    extension Trait where Self == NoLeaksTrait {
        /// Removed in 1.0: ``Testing/Trait/noLeaks``.
        @available(*, unavailable, renamed: "noLeaks")
        public static var noSurvivors: Self { fatalError() }

        /// Removed in 1.0: ``Testing/Trait/noLeaks(grace:)``.
        @available(*, unavailable, renamed: "noLeaks(grace:)")
        public static func noSurvivors(grace: Duration) -> Self { fatalError() }

        /// Removed in 1.0: ``Testing/Trait/leaksAllowed``.
        @available(*, unavailable, renamed: "leaksAllowed")
        public static var survivorsAllowed: Self { fatalError() }
    }

    extension NoLeaksTrait {
        /// Removed in 1.0: a trait is ``Testing/Trait/noLeaks`` or
        /// ``Testing/Trait/leaksAllowed``, and says no more.
        @available(
            *, unavailable,
            message: "nothing: a trait is .noLeaks, .noLeaks(grace:) or .leaksAllowed"
        )
        public var isChecking: Bool { fatalError() }

        /// Removed in 1.0: the grace is the one ``Testing/Trait/noLeaks(grace:)`` was given,
        /// a tenth of a second by default.
        @available(
            *, unavailable,
            message: "nothing: .noLeaks(grace:) sets it; the default is a tenth of a second"
        )
        public var grace: Duration { fatalError() }
    }
#endif
