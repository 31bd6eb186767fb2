// Stand-ins for the few SwiftUI declarations the articles' views use, so that their blocks
// compile where SwiftUI is not (Linux). Unlike the articles' own types, these are not
// declared plainly: each keeps SwiftUI's signature and isolation — `View` is `@MainActor`,
// as SwiftUI declares it — so that a view's body is checked as SwiftUI checks it. What they
// do is not SwiftUI's: they only compile. The snippets gate adds this file to every module.

import Observation

@MainActor @preconcurrency
protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    var body: Never { fatalError("a stand-in view has no body") }
}

/// A view with nothing in it, where a stand-in needs a body.
struct EmptyView: View {
    var body: Never { fatalError("a stand-in view has no body") }
}

struct TupleView<each Content: View>: View {
    let content: (repeat each Content)
    var body: Never { fatalError("a stand-in view has no body") }
}

enum ConditionalContent<First: View, Second: View>: View {
    case first(First)
    case second(Second)
    var body: Never { fatalError("a stand-in view has no body") }
}

extension Optional: View where Wrapped: View {
    var body: Never { fatalError("a stand-in view has no body") }
}

@MainActor @resultBuilder
enum ViewBuilder {
    static func buildBlock() -> EmptyView { EmptyView() }
    static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        repeat each Content
    > { TupleView(content: (repeat each content)) }
    static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<
        First, Second
    > { .first(first) }
    static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<
        First, Second
    > { .second(second) }
}

@propertyWrapper
struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    var projectedValue: Binding<Value> { self }
}

@propertyWrapper
struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box
    init(wrappedValue: Value) { box = Box(wrappedValue) }
    var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    var projectedValue: Binding<Value> {
        Binding(get: { box.value }, set: { box.value = $0 })
    }
}

@dynamicMemberLookup @propertyWrapper
struct Bindable<Value: AnyObject & Observable> {
    var wrappedValue: Value
    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    var projectedValue: Bindable<Value> { self }
    subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<
        Subject
    > {
        Binding(
            get: { wrappedValue[keyPath: keyPath] },
            set: { wrappedValue[keyPath: keyPath] = $0 })
    }
}

struct Button: View {
    let title: String
    let action: @MainActor () -> Void
    // Discardable here only: the blocks show a button as a line of a view's body.
    @discardableResult
    init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.title = title
        self.action = action
    }
    var body: Never { fatalError("a stand-in view has no body") }
}

struct NavigationStack<Data, Root: View>: View
where
    Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection,
    Data.Element: Hashable
{
    let path: Binding<Data>
    let root: Root
    init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.path = path
        self.root = root()
    }
    var body: Never { fatalError("a stand-in view has no body") }
}

/// Types a tab view's tabs by its selection, so that `value: .home` reads as SwiftUI's does.
@MainActor @resultBuilder
enum TabContentBuilder<Selection: Hashable> {
    static func buildExpression<Content: View>(_ tab: Tab<Selection, Content>) -> Tab<
        Selection, Content
    > { tab }
    static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        repeat each Content
    > { TupleView(content: (repeat each content)) }
}

struct TabView<Selection: Hashable, Content: View>: View {
    let selection: Binding<Selection>
    let content: Content
    init(selection: Binding<Selection>, @TabContentBuilder<Selection> content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
    var body: Never { fatalError("a stand-in view has no body") }
}

struct Tab<Value: Hashable, Content: View>: View {
    let title: String
    let value: Value
    let content: Content
    init(_ title: String, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = title
        self.value = value
        self.content = content()
    }
    var body: Never { fatalError("a stand-in view has no body") }
}

struct DestinationModifier<Content: View, Data: Hashable, Destination: View>: View {
    let content: Content
    let destination: (Data) -> Destination
    var body: Never { fatalError("a stand-in view has no body") }
}

extension View {
    func navigationDestination<Data: Hashable, Destination: View>(
        for data: Data.Type, @ViewBuilder destination: @escaping (Data) -> Destination
    ) -> DestinationModifier<Self, Data, Destination> {
        DestinationModifier(content: self, destination: destination)
    }
}
