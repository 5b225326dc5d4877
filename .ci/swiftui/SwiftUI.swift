// A SwiftUI of declarations only: exactly those that IntroUI (Sources/IntroUI) and the documentation's
// SwiftUI snippets use, with the signatures and the availability Apple documents for them (the Xcode 26
// SDKs: the `@MainActor` View, the `nonisolated` modifiers). Bodies are `fatalError()`: nothing here runs.
// `.ci/swiftui.sh` type-checks IntroUI and the snippets against it, and the Apple check reads its
// availability. It proves that our SwiftUI code calls the documented API correctly; it does not test
// SwiftUI (what it draws, when it calls back): only a build and a run on a Mac do (CONTRIBUTING.md).
//
// Protocols declare only the requirements our code meets or relies on (`Shape` omits `Animatable` and
// `path(in:)`); types declare only the members our code calls. Add a declaration when our code needs
// one, copied from Apple's documentation (signature and availability), never guessed.

// As SwiftUI does, it gives its users Foundation (`UUID`, `UserDefaults`, `Bundle`).
@_exported import Foundation

// MARK: Views and builders

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct TupleView<T>: View {
  public var value: T
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View
where TrueContent: View, FalseContent: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    fatalError()
  }
  public static func buildBlock() -> EmptyView { fatalError() }
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { fatalError() }
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  where repeat each Content: View { fatalError() }
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { fatalError() }
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
  { fatalError() }
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
  { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct EmptyView: View {
  nonisolated public init() {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// MARK: Modifiers

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct AccessibilityAttachmentModifier: ViewModifier {
  public typealias Body = Never
  public func body(content: Content) -> Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
  nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { EmptyView() }
  nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape {
    EmptyView()
  }
  nonisolated public func transition(_ t: AnyTransition) -> some View { EmptyView() }
  nonisolated public func zIndex(_ value: Double) -> some View { EmptyView() }
  nonisolated public func animation<V>(_ animation: Animation?, value: V) -> some View where V: Equatable {
    EmptyView()
  }
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
  nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  { EmptyView() }
  nonisolated public func disabled(_ disabled: Bool) -> some View { EmptyView() }
  nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { EmptyView() }
  nonisolated public func opacity(_ opacity: Double) -> some View { EmptyView() }
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { EmptyView() }
  nonisolated public func font(_ font: Font?) -> some View { EmptyView() }
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: ButtonStyle { EmptyView() }
  nonisolated public func accessibilityAction(
    _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void
  ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
}

// The page lists no visionOS: there the same call resolves to `scaleEffect(_:anchor: UnitPoint3D)`, which is not
// declared here (both in one module would make `.scaleEffect(1.2)` ambiguous on Linux).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@available(visionOS, unavailable)
extension View {
  nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { EmptyView() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension View {
  nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
    fatalError()
  }
  nonisolated public func accessibilityHidden(_ hidden: Bool)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  { fatalError() }
  nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
    EmptyView()
  }
}

// The action also carries `@_inheritActorContext` in Apple's interface file (it runs on the view's actor),
// which the documentation does not show.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension View {
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { EmptyView() }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension View {
  nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { EmptyView() }
}

// Escape presses the button: not on tvOS or watchOS, which have no keyboard shortcuts.
@available(iOS 14.0, macOS 11.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension View {
  nonisolated public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View { EmptyView() }
}

@available(iOS 14.0, macOS 11.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct KeyboardShortcut: Hashable, Sendable {
  public static let cancelAction = KeyboardShortcut()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct AccessibilityActionKind: Equatable, Sendable {
  public static let `default` = AccessibilityActionKind()
  public static let escape = AccessibilityActionKind()
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension View {
  nonisolated public func onChange<V>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View where V: Equatable { EmptyView() }
}

// MARK: Layout, shapes, transitions, animations

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct ZStack<Content>: View where Content: View {
  nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct VStack<Content>: View where Content: View {
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct HStack<Content>: View where Content: View {
  nonisolated public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ForEach: View where Content: View {
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct HorizontalAlignment: Equatable {
  public static let center = HorizontalAlignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct VerticalAlignment: Equatable {
  public static let center = VerticalAlignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Alignment: Equatable {
  public static let center = Alignment()
  public static let bottom = Alignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct UnitPoint: Hashable, Sendable {
  public static let center = UnitPoint()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct EdgeInsets: Equatable, Sendable {
  public init() {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@frozen public struct SafeAreaRegions: OptionSet {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let all = SafeAreaRegions(rawValue: 0b111)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public enum Edge: Int8, CaseIterable {
  case top, leading, bottom, trailing

  @frozen public struct Set: OptionSet {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let all = Edge.Set(rawValue: 0b1111)
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Shape: Sendable, View {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Shape {
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Rectangle: Shape {
  nonisolated public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct AnyTransition {
  public static let opacity = AnyTransition()
  public static func move(edge: Edge) -> AnyTransition { fatalError() }
  public static var scale: AnyTransition { fatalError() }
  public func animation(_ animation: Animation?) -> AnyTransition { fatalError() }
}

// `.spring()` is `spring(duration:bounce:blendDuration:)` (back-deployed to iOS 13): SwiftUI marks the other
// all-defaulted `spring(response:dampingFraction:blendDuration:)` `@_disfavoredOverload`, so it is left out here.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Animation: Equatable, Sendable {
  public static func easeOut(duration: TimeInterval) -> Animation { fatalError() }
  public static var easeIn: Animation { fatalError() }
  public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0)
    -> Animation
  { fatalError() }
}

// MARK: Content

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ShapeStyle: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Color: View, Hashable, Sendable, ShapeStyle {
  nonisolated public init(_ name: String, bundle: Bundle? = nil) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Image: View, Equatable, Sendable {
  nonisolated public init(_ name: String, bundle: Bundle? = nil) {}
  public enum ResizingMode: Hashable, Sendable {
    case stretch
  }
  nonisolated public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch)
    -> Image
  { fatalError() }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Text: View, Equatable, Sendable {
  nonisolated public init<S>(_ content: S) where S: StringProtocol {}
  nonisolated public func font(_ font: Font?) -> Text { fatalError() }
  nonisolated public func fontWeight(_ weight: Font.Weight?) -> Text { fatalError() }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct Font: Hashable, Sendable {
  public static let largeTitle = Font()
  public static let headline = Font()

  @frozen public struct Weight: Hashable, Sendable {
    public static let bold = Weight()
    public static let heavy = Weight()
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
  @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    fatalError()
  }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Button where Label == Text {
  @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
  where S: StringProtocol { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol ButtonStyle {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
  typealias Configuration = ButtonStyleConfiguration
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ButtonStyleConfiguration {
  @MainActor @preconcurrency public struct Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
  public let label: ButtonStyleConfiguration.Label
}

// MARK: Navigation

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct NavigationPath {}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
  nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// MARK: State and environment

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol DynamicProperty {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  public var wrappedValue: Value { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct EnvironmentValues {
  public var accessibilityReduceMotion: Bool { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension EnvironmentValues {
  public var scenePhase: ScenePhase {
    get { fatalError() }
    set {}
  }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
  case background
  case inactive
  case active
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@frozen @propertyWrapper public struct AppStorage<Value>: DynamicProperty {
  public init(_ key: String, store: UserDefaults? = nil) where Value == String? { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
}

// MARK: Apps and scenes

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension App {
  @MainActor @preconcurrency public static func main() { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension Never: Scene {}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@resultBuilder public struct SceneBuilder {
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}
