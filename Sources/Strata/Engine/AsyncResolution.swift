/// The stack and identity of an async construction, carried by task-local values so that
/// an async factory awaiting another async provider is checked for cycles too.
enum AsyncResolution {
    @TaskLocal static var frames: [Frame] = []
    /// The async construction the current task is running, if any.
    @TaskLocal static var agent: Agent?
    /// The graph of the async top-level resolution the current task is part of, if any.
    @TaskLocal static var graph: ResolutionGraph?
}
