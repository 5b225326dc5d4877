/// Launch storyboards and nibs as Xcode writes them, with the parts a test varies.
enum StoryboardWriter {
  /// `<color key="backgroundColor" …/>` with these attributes.
  static func color(_ attributes: String) -> String { "<color key=\"backgroundColor\" \(attributes)/>" }

  /// A launch storyboard whose initial view controller's view has `background` (a `<color>` element
  /// or nothing) and `subviews` (elements inside `<subviews>`).
  static func storyboard(background: String?, subviews: [String] = [], initialViewController: String? = "01J-lp-oVM")
    -> String
  {
    let initial = initialViewController.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" \
      targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" \
      useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"\(initial)>
          <dependencies>
              <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
          </dependencies>
          <scenes>
              <scene sceneID="EHf-IW-A2E">
                  <objects>
                      <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                          <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                              <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                              <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                              <subviews>
      \(subviews.joined(separator: "\n"))
                              </subviews>
                              <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                              \(background ?? "")
                          </view>
                      </viewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" sceneMemberID="firstResponder"/>
                  </objects>
                  <point key="canvasLocation" x="53" y="375"/>
              </scene>
          </scenes>
          <resources>
              <namedColor name="LaunchBackground">
                  <color red="1" green="1" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
              </namedColor>
          </resources>
      </document>

      """
  }

  /// A launch `.xib` whose top-level view has `background`.
  static func xib(background: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
    targetRuntime="iOS.CocoaTouch" launchScreen="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view contentMode="scaleToFill" id="iN0-l3-epB">
                <rect key="frame" x="0.0" y="0.0" width="480" height="480"/>
                \(background)
            </view>
        </objects>
    </document>

    """
  }

  static func imageView(_ image: String, id: String = "img-01-abc", system: Bool = false) -> String {
    let catalog = system ? " catalog=\"system\"" : ""
    return
      "<imageView clipsSubviews=\"YES\" contentMode=\"scaleAspectFit\" image=\"\(image)\"\(catalog) id=\"\(id)\"/>"
  }

  static func label(_ text: String) -> String {
    "<label opaque=\"NO\" text=\"\(text)\" textAlignment=\"center\" id=\"lbl-01-abc\"/>"
  }
}
