import Strata

extension Screen {
    /// Shows on this screen each new value that `read` reads — its view model's status —
    /// until `container` ends.
    ///
    /// Every screen follows its view model this way: the tracking is bound to the
    /// container the screen shows, and holds the screen until that container ends. The
    /// screen and its container keep each other while it is shown, as they should; the host
    /// that closes the screen ends the container, which ends the following and the cycle, so
    /// a closed screen is never shown to. `show` is called on the main actor in a job queued
    /// after the change, never inside the setter.
    ///
    /// ```swift
    /// follow(viewModel, in: container) { $0.status } onChange: { screen, status in
    ///     screen.show(status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - viewModel: What the screen shows; held until `container` ends.
    ///   - container: The container the screen shows: its end ends the following.
    ///   - read: Reads the value to follow from `viewModel`; what it reads is tracked.
    ///   - show: Called with the screen and each new value, while the screen is there.
    func follow<ViewModel: AnyObject, Value: Sendable>(
        _ viewModel: ViewModel, in container: some Container,
        _ read: @escaping @MainActor (ViewModel) -> Value,
        onChange show: @escaping @MainActor (Self, Value) -> Void
    ) {
        container.trackOnMainActor {
            read(viewModel)
        } onChange: { value in
            show(self, value)
        }
    }
}
