import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What a launch storyboard or nib shows, as far as its XML tells: the root view's background colour,
/// its image views, and everything else, which cannot be verified from the file.
///
/// The root view is the initial view controller's `view` in a storyboard, the first top-level object
/// that is not a placeholder in a `.xib`.
struct LaunchStoryboard: Sendable, Equatable {
  /// A `<color key="backgroundColor" …/>`.
  enum BackgroundColor: Sendable, Equatable {
    /// `name="…"`: a colour of the asset catalog.
    case named(String)
    /// `systemColor="…"` (or `cocoaTouchSystemColor="…"` in older files).
    case system(String)
    /// Components in a colour space.
    case components(VariantValue)
  }

  /// An `<imageView image="…">`; `system` for an SF Symbol (`catalog="system"`).
  struct Image: Sendable, Equatable {
    var name: String
    var keyPath: String
    var system: Bool
  }

  var background: BackgroundColor?
  /// Where the root view is (`view[Ze5-6b-2t3]`), for key paths.
  var rootKeyPath = "view"
  var images: [Image] = []
  /// Views other than image views (labels, buttons, coloured subviews), described.
  var otherViews: [String] = []
  /// Details that cannot be verified (no initial view controller, a navigation controller).
  var unverifiable: [String] = []

  static func read(_ path: String) -> Result<LaunchStoryboard, InputProblem> {
    switch InputFile.read(path) {
    case .failure(let problem): return .failure(problem)
    case .success(let data): return parse(data, path: path)
    }
  }

  static func parse(_ data: Data, path: String) -> Result<LaunchStoryboard, InputProblem> {
    guard let document = MarkupElement.parse(data), document.name == "document" else {
      return .failure(
        InputProblem(path: path, reason: "is not a valid Interface Builder document (corrupt or truncated XML)"))
    }
    var storyboard = LaunchStoryboard()
    let root: MarkupElement
    if let initialID = document.attributes["initialViewController"] {
      guard let controller = document.first(where: { $0.attributes["id"] == initialID }) else {
        storyboard.unverifiable.append("its initial view controller '\(initialID)' is not in the file")
        return .success(storyboard)
      }
      if controller.name != "viewController" {
        storyboard.unverifiable.append(
          "its initial view controller is a \(controller.name), whose bars and children cannot be verified")
      }
      guard let view = controller.children.first(where: { $0.attributes["key"] == "view" }) else {
        storyboard.unverifiable.append("its initial view controller has no view")
        return .success(storyboard)
      }
      root = view
    } else if let objects = document.children.first(where: { $0.name == "objects" }),
      let view = objects.children.first(where: { $0.name != "placeholder" }), !document.isStoryboard
    {
      root = view
    } else {
      storyboard.unverifiable.append("it has no initial view controller, so what it shows cannot be verified")
      return .success(storyboard)
    }
    storyboard.rootKeyPath = root.keyPath
    storyboard.background = root.backgroundColor.map(Self.color)
    storyboard.collect(subviewsOf: root)
    return .success(storyboard)
  }

  private mutating func collect(subviewsOf view: MarkupElement) {
    for subviews in view.children where subviews.name == "subviews" {
      for subview in subviews.children {
        if subview.name == "imageView" {
          if let image = subview.attributes["image"] {
            images.append(
              Image(
                name: image, keyPath: "\(subview.keyPath).image", system: subview.attributes["catalog"] == "system"))
          }
        } else if subview.name != "view" || subview.backgroundColor != nil {
          let text = subview.attributes["text"].map { " '\($0)'" } ?? ""
          otherViews.append("\(subview.keyPath)\(text)")
        }
        collect(subviewsOf: subview)
      }
    }
  }

  /// Interface Builder's colour attributes: a name, a system colour, or components in a
  /// `customColorSpace` (sRGB, extended sRGB, Display P3, gray gamma 2.2).
  static func color(_ element: MarkupElement) -> BackgroundColor {
    let attributes = element.attributes
    if let name = attributes["name"] { return .named(name) }
    if let system = attributes["systemColor"] ?? attributes["cocoaTouchSystemColor"] { return .system(system) }
    let spaceName = attributes["customColorSpace"] ?? attributes["colorSpace"] ?? "(none)"
    let spaces: [String: ColorSpaces.Space] = [
      "sRGB": .srgb, "extendedSRGB": .extendedSRGB, "displayP3": .displayP3,
      "genericGamma22GrayColorSpace": .grayGamma22,
    ]
    guard let space = spaces[spaceName] else {
      return .components(.unconvertible("its colour space '\(spaceName)' cannot be converted to sRGB here"))
    }
    let readable = attributes.compactMapValues { Double($0) }
    switch ColorSpaces.convert(space: space, component: { readable[$0] }) {
    case .success(let rgba): return .components(.rgba(rgba))
    case .failure(let problem): return .components(.unconvertible("it has \(problem.reason)"))
    }
  }
}

/// A parsed XML element: just enough of a tree to navigate an Interface Builder document.
final class MarkupElement {
  let name: String
  let attributes: [String: String]
  var children: [MarkupElement] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  var isStoryboard: Bool { attributes["type"]?.hasSuffix("Storyboard.XIB") == true }

  /// `imageView[abc-12-xyz]`: the element and its Interface Builder id.
  var keyPath: String { attributes["id"].map { "\(name)[\($0)]" } ?? name }

  var backgroundColor: MarkupElement? {
    children.first { $0.name == "color" && $0.attributes["key"] == "backgroundColor" }
  }

  /// The first element, depth first, that satisfies `predicate` (iterative: no recursion on input depth).
  func first(where predicate: (MarkupElement) -> Bool) -> MarkupElement? {
    var pending: [MarkupElement] = [self]
    while let element = pending.popLast() {
      if predicate(element) { return element }
      pending.append(contentsOf: element.children.reversed())
    }
    return nil
  }

  /// The document's root element, or nil when the XML is not well formed, including when it is cut
  /// short (`XMLParser` can report success for truncated input while setting `parserError`).
  static func parse(_ data: Data) -> MarkupElement? {
    let builder = TreeBuilder()
    let parser = XMLParser(data: data)
    parser.delegate = builder
    parser.shouldResolveExternalEntities = false
    let parsed = parser.parse()
    guard parsed, parser.parserError == nil, !builder.failed, builder.open.isEmpty else { return nil }
    return builder.root
  }

  private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: MarkupElement?
    var open: [MarkupElement] = []
    var failed = false

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let element = MarkupElement(name: elementName, attributes: attributes)
      if let parent = open.last {
        parent.children.append(element)
      } else if root == nil {
        root = element
      } else {
        failed = true
      }
      open.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      if open.popLast() == nil { failed = true }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { failed = true }
  }
}
