import Foundation
import Testing

@testable import SplashCheck

/// Launch storyboards and nibs (`UILaunchStoryboardName`).
@Suite struct StoryboardTests {
  private typealias Writer = StoryboardWriter

  /// The usual app with `UILaunchStoryboardName = Launch` and this storyboard.
  private func app(_ storyboard: String, file: String = "App/Base.lproj/Launch.storyboard") -> Fixture {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchStoryboardName": "Launch"])
    fixture.write(file, storyboard)
    return fixture
  }

  @Test func theIntrosNamedColourIsClean() {
    let report = app(Writer.storyboard(background: Writer.color("name=\"LaunchBackground\""))).check()
    report.expect(kinds: [], exitCode: 0)
  }

  @Test func aMissingNamedColour() {
    app(Writer.storyboard(background: Writer.color("name=\"Splash\""))).check().expectOne(
      .colorNotInCatalog, .error, file: "App/Base.lproj/Launch.storyboard", keyPath: "view[Ze5-6b-2t3].backgroundColor")
  }

  @Test func aSystemBackgroundAgainstTheIntro() {
    let fixture = app(Writer.storyboard(background: Writer.color("systemColor=\"systemBackgroundColor\"")))
    fixture.check().expectOne(
      .colorDiffers, suffix: "in dark mode the launch screen shows #000000 and the intro #101010")
    fixture.colorSet("LaunchBackground", [.white, .rgb("0", "0", "0", dark: true)])
    fixture.check().expectOne(
      .colorsMatchByCoincidence, prefix: "the root view's system colour 'systemBackgroundColor' is not the intro's")
  }

  @Test func olderSystemColourAttributes() {
    let fixture = app(
      Writer.xib(background: Writer.color("cocoaTouchSystemColor=\"whiteColor\"")), file: "App/Launch.xib")
    fixture.check().expectOne(
      .darkVariantOnOneSide, file: "App/Launch.xib", keyPath: "view[iN0-l3-epB].backgroundColor")
  }

  @Test func anUnknownSystemColourCannotBeVerified() {
    let report = app(Writer.storyboard(background: Writer.color("systemColor=\"systemTealColor\""))).check()
    report.expectOne(
      .storyboardUnverifiable, .warning, containing: "'systemTealColor' has no value known here", exitCode: 0)
  }

  @Test(arguments: [
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"",
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"displayP3\"",
    "white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"",
  ])
  func fixedWhiteInEachColourSpaceHasNoDarkVariant(attributes: String) {
    let report = app(Writer.storyboard(background: Writer.color(attributes))).check()
    report.expectOne(
      .darkVariantOnOneSide,
      message: "'LaunchBackground' has a dark variant and the root view's fixed colour #FFFFFF does not: "
        + "in dark mode the launch screen shows #FFFFFF and the intro #101010")
  }

  @Test func fixedComponentsThatMatchAreACoincidence() {
    let fixture = app(
      Writer.storyboard(
        background: Writer.color(
          "red=\"0\" green=\"0\" blue=\"0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"")))
    fixture.colorSet("LaunchBackground", [.black])
    fixture.check().expect(kinds: [.colorsMatchByCoincidence])
  }

  @Test(arguments: [
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"calibratedRGB\"",
    "red=\"x\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"",
  ])
  func componentsThatCannotBeConverted(attributes: String) {
    let report = app(Writer.storyboard(background: Writer.color(attributes))).check()
    report.expectOne(.storyboardUnverifiable, prefix: "the root view's colour cannot be verified")
  }

  @Test func noBackgroundColour() {
    let report = app(Writer.storyboard(background: nil)).check()
    report.expectOne(.storyboardUnverifiable, containing: "has no background colour (it is transparent)")
  }

  @Test func imageViewsAndOtherViews() {
    let storyboard = Writer.storyboard(
      background: Writer.color("name=\"LaunchBackground\""),
      subviews: [
        Writer.imageView("Logo"), Writer.imageView("star", id: "sym-01-abc", system: true), Writer.label("Loading…"),
        "<view contentMode=\"scaleToFill\" id=\"box-01-abc\"><subviews>\(Writer.imageView("Missing", id: "img-02-abc"))</subviews></view>",
      ])
    let fixture = app(storyboard)
    fixture.imageSet("Logo")
    let report = fixture.check(introImage: "Logo")
    #expect(
      report.findings(.imageReminder).map(\.keyPath) == [
        "imageView[img-01-abc].image", "imageView[sym-01-abc].image", "imageView[img-02-abc].image",
      ])
    report.expectOne(.imageNotInCatalog, keyPath: "imageView[img-02-abc].image")
    report.expectOne(.imageDiffers, keyPath: "imageView[img-02-abc].image")
    report.expectOne(.storyboardUnverifiable, prefix: "the root view also holds label[lbl-01-abc] 'Loading…'")
  }

  @Test func initialViewControllersThatCannotBeVerified() {
    let missingInitial = app(Writer.storyboard(background: nil, initialViewController: "nope")).check()
    missingInitial.expectOne(.storyboardUnverifiable, containing: "'nope' is not in the file")
    let noInitial = app(Writer.storyboard(background: nil, initialViewController: nil)).check()
    noInitial.expectOne(.storyboardUnverifiable, containing: "it has no initial view controller")
    let navigation = Writer.storyboard(background: Writer.color("name=\"LaunchBackground\""))
      .replacingOccurrences(of: "<viewController id", with: "<navigationController id")
      .replacingOccurrences(of: "</viewController>", with: "</navigationController>")
    app(navigation).check().expectOne(.storyboardUnverifiable, containing: "a navigationController")
    let viewless = Writer.storyboard(background: nil).replacingOccurrences(of: "key=\"view\"", with: "key=\"other\"")
    app(viewless).check().expectOne(.storyboardUnverifiable, containing: "has no view")
  }

  @Test func theStoryboardIsNotInTheTree() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchStoryboardName": "LaunchScreen.storyboard"])
    fixture.check().expectOne(
      .storyboardNotFound, .error, keyPath: "UILaunchStoryboardName",
      message: "names the launch storyboard 'LaunchScreen.storyboard', but there is no LaunchScreen.storyboard or "
        + "LaunchScreen.xib under .")
  }

  @Test func everyLocalizationIsChecked() {
    let fixture = app(Writer.storyboard(background: Writer.color("name=\"LaunchBackground\"")))
    fixture.write("App/fr.lproj/Launch.storyboard", Writer.storyboard(background: Writer.color("name=\"Lancement\"")))
    fixture.check().expectOne(.colorNotInCatalog, file: "App/fr.lproj/Launch.storyboard")
  }

  @Test(arguments: [
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes>",
    "<?xml version=\"1.0\"?>",
    "not xml at all",
    "<plist><dict/></plist>",
    "<document></document><document></document>",
  ])
  func aCorruptStoryboardIsUnreadableInput(text: String) {
    let report = app(text).check()
    report.expectOne(
      .unreadableInput, file: "App/Base.lproj/Launch.storyboard",
      message: "the launch storyboard is not a valid Interface Builder document (corrupt or truncated XML)", exitCode: 2
    )
  }

  @Test func aStoryboardCutShortIsUnreadableInput() {
    let full = Writer.storyboard(background: Writer.color("name=\"LaunchBackground\""))
    for fraction in [0.3, 0.6, 0.95] {
      let cut = String(full.prefix(Int(Double(full.count) * fraction)))
      #expect(app(cut).check().exitCode == 2, "cut at \(fraction)")
    }
  }
}
