import AllocationCounter

extension HeapAllocations {
    /// Starts counting, for code that cannot run inside ``count(_:)``'s closure (an async
    /// loop); `false`, and nothing counted, where the counter is not available.
    static func startCounting() -> Bool {
        guard isAvailable else { return false }
        strata_allocation_counter_start()
        return true
    }

    /// Stops counting, and returns what was allocated and freed since ``startCounting()``.
    static func stopCounting() -> (allocations: Int, frees: Int) {
        strata_allocation_counter_stop()
        return (
            Int(strata_allocation_counter_allocations()), Int(strata_allocation_counter_frees())
        )
    }
}
