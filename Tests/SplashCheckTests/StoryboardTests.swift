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
    #expect(report.findings.isEmpty, "\(report.text)")
  }

  @Test func aMissingNamedColour() {
    let finding = app(Writer.storyboard(background: Writer.color("name=\"Splash\""))).check().only(.colorNotInCatalog)
    #expect(finding?.file == "App/Base.lproj/Launch.storyboard")
    #expect(finding?.keyPath == "view[Ze5-6b-2t3].backgroundColor")
  }

  @Test func aSystemBackgroundAgainstTheIntro() {
    let fixture = app(Writer.storyboard(background: Writer.color("systemColor=\"systemBackgroundColor\"")))
    #expect(
      fixture.check().only(.colorDiffers)?.message.contains("in dark mode the launch screen shows #000000") == true)
    fixture.colorSet("LaunchBackground", [.white, .rgb("0", "0", "0", dark: true)])
    let finding = fixture.check().only(.colorsMatchByCoincidence)
    #expect(
      finding?.message.hasPrefix("the root view's system colour 'systemBackgroundColor' is not the intro's") == true)
  }

  @Test func olderSystemColourAttributes() {
    let fixture = app(
      Writer.xib(background: Writer.color("cocoaTouchSystemColor=\"whiteColor\"")), file: "App/Launch.xib")
    let finding = fixture.check().only(.darkVariantOnOneSide)
    #expect(finding?.file == "App/Launch.xib")
    #expect(finding?.keyPath == "view[iN0-l3-epB].backgroundColor")
  }

  @Test func anUnknownSystemColourCannotBeVerified() {
    let report = app(Writer.storyboard(background: Writer.color("systemColor=\"systemTealColor\""))).check()
    #expect(report.only(.storyboardUnverifiable)?.message.contains("'systemTealColor' has no value known here") == true)
    #expect(report.exitCode == 0)
  }

  @Test(arguments: [
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"",
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"displayP3\"",
    "white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"",
  ])
  func fixedWhiteInEachColourSpaceHasNoDarkVariant(attributes: String) {
    let report = app(Writer.storyboard(background: Writer.color(attributes))).check()
    let finding = report.only(.darkVariantOnOneSide)
    #expect(
      finding?.message
        == "'LaunchBackground' has a dark variant and the root view's fixed colour #FFFFFF does not: "
        + "in dark mode the launch screen shows #FFFFFF and the intro #101010")
  }

  @Test func fixedComponentsThatMatchAreACoincidence() {
    let fixture = app(
      Writer.storyboard(
        background: Writer.color(
          "red=\"0\" green=\"0\" blue=\"0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"")))
    fixture.colorSet("LaunchBackground", [.black])
    #expect(fixture.check().kinds == [.colorsMatchByCoincidence])
  }

  @Test(arguments: [
    "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"calibratedRGB\"",
    "red=\"x\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"",
  ])
  func componentsThatCannotBeConverted(attributes: String) {
    let report = app(Writer.storyboard(background: Writer.color(attributes))).check()
    #expect(
      report.only(.storyboardUnverifiable)?.message.hasPrefix("the root view's colour cannot be verified") == true)
  }

  @Test func noBackgroundColour() {
    let report = app(Writer.storyboard(background: nil)).check()
    #expect(
      report.only(.storyboardUnverifiable)?.message.contains("has no background colour (it is transparent)") == true)
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
    #expect(report.only(.imageNotInCatalog)?.keyPath == "imageView[img-02-abc].image")
    #expect(report.only(.imageDiffers)?.keyPath == "imageView[img-02-abc].image")
    #expect(
      report.only(.storyboardUnverifiable)?.message.hasPrefix("the root view also holds label[lbl-01-abc] 'Loading…'")
        == true)
  }

  @Test func initialViewControllersThatCannotBeVerified() {
    let missingInitial = app(Writer.storyboard(background: nil, initialViewController: "nope")).check()
    #expect(missingInitial.only(.storyboardUnverifiable)?.message.contains("'nope' is not in the file") == true)
    let noInitial = app(Writer.storyboard(background: nil, initialViewController: nil)).check()
    #expect(noInitial.only(.storyboardUnverifiable)?.message.contains("it has no initial view controller") == true)
    let navigation = Writer.storyboard(background: Writer.color("name=\"LaunchBackground\""))
      .replacingOccurrences(of: "<viewController id", with: "<navigationController id")
      .replacingOccurrences(of: "</viewController>", with: "</navigationController>")
    #expect(app(navigation).check().only(.storyboardUnverifiable)?.message.contains("a navigationController") == true)
    let viewless = Writer.storyboard(background: nil).replacingOccurrences(of: "key=\"view\"", with: "key=\"other\"")
    #expect(app(viewless).check().only(.storyboardUnverifiable)?.message.contains("has no view") == true)
  }

  @Test func theStoryboardIsNotInTheTree() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchStoryboardName": "LaunchScreen.storyboard"])
    let finding = fixture.check().only(.storyboardNotFound)
    #expect(finding?.message.contains("there is no LaunchScreen.storyboard or LaunchScreen.xib under .") == true)
  }

  @Test func everyLocalizationIsChecked() {
    let fixture = app(Writer.storyboard(background: Writer.color("name=\"LaunchBackground\"")))
    fixture.write("App/fr.lproj/Launch.storyboard", Writer.storyboard(background: Writer.color("name=\"Lancement\"")))
    #expect(fixture.check().only(.colorNotInCatalog)?.file == "App/fr.lproj/Launch.storyboard")
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
    let finding = report.only(.unreadableInput)
    #expect(finding?.file == "App/Base.lproj/Launch.storyboard")
    #expect(finding?.message.hasPrefix("the launch storyboard is not a valid Interface Builder document") == true)
    #expect(report.exitCode == 2)
  }

  @Test func aStoryboardCutShortIsUnreadableInput() {
    let full = Writer.storyboard(background: Writer.color("name=\"LaunchBackground\""))
    for fraction in [0.3, 0.6, 0.95] {
      let cut = String(full.prefix(Int(Double(full.count) * fraction)))
      #expect(app(cut).check().exitCode == 2, "cut at \(fraction)")
    }
  }
}
