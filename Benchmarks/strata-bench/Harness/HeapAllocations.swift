import AllocationCounter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Heap allocations counted by the `AllocationCounter` target, which replaces `malloc` and
/// its kin on Linux with glibc (see its header): every class instance, closure context and
/// array buffer the Swift runtime allocates is one call.
enum HeapAllocations {
    /// What the figures count, for the report.
    static let source =
        "calls to malloc, calloc, realloc and the aligned allocators, counted by "
        + "Benchmarks/AllocationCounter in place of glibc's"

    /// Whether this build counts allocations: Linux with glibc, without a sanitizer.
    static var isAvailable: Bool { strata_allocation_counter_is_available() != 0 }

    /// What `body` allocated and freed, on every thread, while it ran.
    ///
    /// Counting is on only inside: the rest of the bench is not counted.
    static func count(_ body: () -> Void) -> (allocations: Int, frees: Int) {
        strata_allocation_counter_start()
        body()
        strata_allocation_counter_stop()
        return (
            Int(strata_allocation_counter_allocations()), Int(strata_allocation_counter_frees())
        )
    }

    /// Checks that the counter counts what it should, and nothing else: what Swift allocates
    /// through the runtime (class instances, over-aligned memory) and the C library's
    /// functions called directly; nothing for a loop that does not allocate, nor while
    /// counting is off.
    static func selfCheck() throws(BenchFailure) {
        let objects = 1_000
        let sink = Sink()
        let made = count {
            for _ in 0..<objects { sink.keep(Counted()) }
            sink.drop()
        }
        try check(
            made.allocations >= objects && made.allocations <= objects + 16,
            "the allocation counter counted \(made.allocations) allocations for \(objects) "
                + "objects (FAIL: the counter is broken)")
        try check(
            made.frees >= objects,
            "the allocation counter counted \(made.frees) frees for \(objects) released objects "
                + "(FAIL: the counter is broken)")

        var total = 0
        let none = count {
            for value in 0..<objects { total &+= value &* value }
        }
        sink.blackHole(Counted(total))
        try check(
            none.allocations == 0,
            "the allocation counter counted \(none.allocations) allocations for a loop that "
                + "allocates nothing (FAIL: the counter is broken)")

        let aligned = count {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 64)
            memory.deallocate()
        }
        try check(
            aligned.allocations == 1,
            "the allocation counter counted \(aligned.allocations) allocations for one "
                + "over-aligned allocation (FAIL: the counter is broken)")

        try checkCFunctions()

        _ = count {}
        let before = strata_allocation_counter_allocations()
        for _ in 0..<objects { sink.keep(Counted()) }
        sink.drop()
        try check(
            strata_allocation_counter_allocations() == before,
            "the allocation counter counted while it was off (FAIL: the counter is broken)")
    }

    /// Checks that the C library's functions, looked up as a shared library binds them,
    /// count: the compiler removes a `free(malloc(8))` it sees, not calls through pointers
    /// it cannot see through.
    private static func checkCFunctions() throws(BenchFailure) {
        typealias Allocate = @convention(c) (Int) -> UnsafeMutableRawPointer?
        typealias AllocateZeroed = @convention(c) (Int, Int) -> UnsafeMutableRawPointer?
        typealias Reallocate =
            @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?
        typealias AllocateAligned = @convention(c) (Int, Int) -> UnsafeMutableRawPointer?
        typealias AllocateAlignedInto =
            @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>, Int, Int) -> Int32
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        func symbol<Function>(_ name: String, as type: Function.Type) throws(BenchFailure)
            -> Function
        {
            guard let address = dlsym(nil, name) else {
                throw BenchFailure("the allocation counter's self-check found no \(name)")
            }
            return unsafeBitCast(address, to: type)
        }
        let malloc = try symbol("malloc", as: Allocate.self)
        let calloc = try symbol("calloc", as: AllocateZeroed.self)
        let realloc = try symbol("realloc", as: Reallocate.self)
        let posixMemalign = try symbol("posix_memalign", as: AllocateAlignedInto.self)
        let alignedAlloc = try symbol("aligned_alloc", as: AllocateAligned.self)
        let free = try symbol("free", as: Free.self)
        let direct = count {
            free(malloc(8))
            free(calloc(2, 8))
            free(realloc(realloc(nil, 8), 4_096))
            var memory: UnsafeMutableRawPointer?
            if posixMemalign(&memory, 64, 8) == 0 { free(memory) }
            free(alignedAlloc(64, 64))
        }
        try check(
            direct.allocations == 6 && direct.frees == 5,
            "the allocation counter counted \(direct.allocations) allocations and "
                + "\(direct.frees) frees for 6 and 5 (FAIL: the counter is broken)")
    }
}

/// An object for the counter's self-check: one allocation each.
private final class Counted {
    let value: Int
    init(_ value: Int = 0) { self.value = value }
}
