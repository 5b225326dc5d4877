import Foundation
import Testing

@testable import SplashCheck

/// `UILaunchScreen` dictionaries in an Info.plist found without a project.
@Suite struct LaunchScreenTests {
  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func theSameNamedColourOnBothSidesIsClean(format: PropertyListSerialization.PropertyListFormat) {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground"]], format: format)
    let report = fixture.check()
    report.expect(kinds: [], exitCode: 0)
    #expect(report.checked == "App/Info.plist")
  }

  @Test func noLaunchScreenAtAll() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["CFBundleName": "App"])
    fixture.check().expectOne(.launchScreenMissing, .error, file: "App/Info.plist", exitCode: 1)
  }

  @Test func launchColourNotInTheCatalog() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "launchBackground"]])
    fixture.check().expectOne(
      .colorNotInCatalog, .error, keyPath: "UILaunchScreen.UIColorName",
      containing: "did you mean 'LaunchBackground'?", exitCode: 1)
  }

  @Test func introColourNotInTheCatalog() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": [String: Any]()])
    fixture.check("IntroBackground").expectOne(
      .colorNotInCatalog, .error, keyPath: "--intro-background",
      message: "the colour 'IntroBackground' is missing: it is not in the asset catalog App/Assets.xcassets")
  }

  @Test func withoutAnyCatalogTheMessageSaysSo() {
    let fixture = Fixture()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground"]])
    let report = fixture.check()
    #expect(
      report.findings.map(\.message)
        == Array(
          repeating: "the colour 'LaunchBackground' is missing: no asset catalog was found (pass --assets PATH)",
          count: 2))
  }

  @Test func launchImageNotInTheCatalogAndTheReminder() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    let report = fixture.check()
    report.expectOne(.imageNotInCatalog, .error, keyPath: "UILaunchScreen.UIImageName")
    report.expectOne(.imageReminder, .note, keyPath: "UILaunchScreen.UIImageName")
    fixture.imageSet("Logo")
    fixture.check().expect(kinds: [.imageReminder], exitCode: 0)
  }

  @Test func launchImageAgainstTheIntrosImage() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    fixture.imageSet("Logo")
    fixture.imageSet("Mascot")
    fixture.check(introImage: "Logo").expect(kinds: [.imageReminder])
    fixture.check(introImage: "Mascot").expectOne(
      .imageDiffers, .error,
      message: "the launch screen shows the image 'Logo' but the intro's first frame draws 'Mascot'",
      exitCode: 1)
    fixture.check(introImage: "Character").expectOne(.imageNotInCatalog, keyPath: "--intro-image")
  }

  @Test func differentNamesWithEqualValuesAreACoincidence() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    // The same colours in other notations and spaces: 8-bit integers, and gray gamma 2.2 for white.
    fixture.colorSet("Splash", [.gray("1.000"), .rgb("16", "0x10", "16", dark: true)])
    fixture.check().expectOne(
      .colorsMatchByCoincidence, .warning,
      prefix: "the UIColorName 'Splash' of UILaunchScreen is not the intro's 'LaunchBackground'", exitCode: 0)
  }

  @Test func aColourThatDiffersInLightMode() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet("Splash", [.rgb("0.900", "0.900", "0.900"), .rgb("0.063", "0.063", "0.063", dark: true)])
    fixture.check().expectOne(
      .colorDiffers, .error,
      message: "the UIColorName 'Splash' of UILaunchScreen differs from the intro's 'LaunchBackground': "
        + "in light mode the launch screen shows #E6E6E6 and the intro #FFFFFF", exitCode: 1)
  }

  @Test func aDarkVariantOnOneSideOnly() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet("Splash", [.white])
    let report = fixture.check()
    report.expect(kinds: [.darkVariantOnOneSide], exitCode: 1)
    report.expectOne(
      .darkVariantOnOneSide, .error,
      message: "'LaunchBackground' has a dark variant and 'Splash' does not: "
        + "in dark mode the launch screen shows #FFFFFF and the intro #101010")
  }

  @Test func theLightAppearanceIsUsedInLightMode() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    var light = ColorEntry.rgb("1.000", "0.000", "0.000")
    light.light = true
    // Any: black (never used, since light and dark are both given), Light: red, Dark: #101010.
    fixture.colorSet("Splash", [.black, light, .rgb("0.063", "0.063", "0.063", dark: true)])
    fixture.check().expectOne(
      .colorDiffers, suffix: "in light mode the launch screen shows #FF0000 and the intro #FFFFFF")
  }

  @Test func highContrastAndIdiomVariantsAreCompared() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    var highContrast = ColorEntry.rgb("0.000", "0.000", "0.000", dark: true)
    highContrast.highContrast = true
    var iPad = ColorEntry.rgb("0.950", "0.950", "0.950")
    iPad.idiom = "ipad"
    fixture.colorSet("Splash", ColorEntry.whiteWithDarkVariant + [highContrast, iPad])
    // An idiom's entry beats a universal one whatever its appearance, so the iPad's any-appearance
    // entry is what iPad shows in dark mode too.
    fixture.check().expectOne(
      .colorDiffers,
      suffix: "in light mode on iPad the launch screen shows #F2F2F2 and the intro #FFFFFF; "
        + "in dark mode on iPad the launch screen shows #F2F2F2 and the intro #101010; "
        + "in dark mode with high contrast on iPhone the launch screen shows #000000 and the intro #101010")
  }

  @Test func displayP3IsConvertedBeforeComparing() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    // Display P3's white is sRGB's white; its pure red is not sRGB's pure red.
    fixture.colorSet(
      "Splash",
      [
        .rgb("1.000", "1.000", "1.000", space: "display-p3"),
        .rgb("0.063", "0.063", "0.063", space: "display-p3", dark: true),
      ])
    fixture.check().expect(kinds: [.colorsMatchByCoincidence])
    fixture.colorSet("Red", [.rgb("1.000", "0.000", "0.000", space: "display-p3")])
    fixture.colorSet("SRGBRed", [.rgb("1.000", "0.000", "0.000")])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Red"]])
    fixture.check("SRGBRed").expectOne(.colorDiffers, suffix: "rgb(1.093, -0.227, -0.150) and the intro #FF0000")
  }

  @Test func anUnconvertibleColourIsANote() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet(
      "Splash",
      [ColorEntry(space: "generic-cmyk", components: ["cyan": "0"]), .rgb("0.063", "0.063", "0.063", dark: true)])
    let report = fixture.check()
    report.expectOne(
      .conversionImpossible, .note, file: "App/Assets.xcassets/Splash.colorset/Contents.json",
      message:
        "'Splash' is not compared in light mode: its colour space 'generic-cmyk' cannot be converted to sRGB here")
    // Dark mode was still compared, and matched: by value only, so a coincidence.
    report.expect(kinds: [.conversionImpossible, .colorsMatchByCoincidence])
  }

  @Test func systemColourReferencesInACatalog() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json",
      ["colors": [["idiom": "universal", "color": ["platform": "ios", "reference": "systemBackgroundColor"]]]])
    // White and black against white and #101010: dark mode differs; both sides have a dark variant.
    fixture.check().expectOne(
      .colorDiffers, suffix: "in dark mode the launch screen shows #000000 and the intro #101010")
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json",
      ["colors": [["idiom": "universal", "color": ["platform": "ios", "reference": "systemTealColor"]]]])
    fixture.check().expectOne(.conversionImpossible, containing: "the system colour 'systemTealColor'")
  }

  @Test(arguments: [true, false])
  func anEmptyLaunchScreenDrawsTheSystemBackground(introFollowsIt: Bool) {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": [String: Any]()])
    if introFollowsIt { fixture.colorSet("LaunchBackground", [.white, .rgb("0", "0", "0", dark: true)]) }
    let start =
      "UILaunchScreen is empty (what INFOPLIST_KEY_UILaunchScreen_Generation generates), so the launch screen "
      + "draws the system background, white in light mode and black in dark"
    fixture.check().expectOne(
      .emptyLaunchScreen, introFollowsIt ? .warning : .error,
      message: introFollowsIt
        ? start
          + ", which the intro's 'LaunchBackground' matches today only by value: set UIColorName to 'LaunchBackground'"
        : start + ", but the intro's 'LaunchBackground' does not follow it: in dark mode the launch screen shows "
          + "#000000 and the intro #101010; set UIColorName to 'LaunchBackground'")
  }

  @Test func aLaunchScreenWithAnImageButNoColourName() {
    let fixture = Fixture.usualApp()
    fixture.imageSet("Logo")
    fixture.infoPlist(["UILaunchScreen": ["UIImageName": "Logo"]])
    fixture.check().expectOne(.colorNameMissing, .error, prefix: "UILaunchScreen has no UIColorName")
  }

  @Test func anIntroColourThatCannotBeReadStillFlagsAMissingColourName() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": [String: Any]()])
    fixture.check("Missing").expectOne(.emptyLaunchScreen, .error)
  }

  @Test func barsAndSafeAreaInsetsAreNotes() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist([
      "UILaunchScreen": [
        "UIColorName": "LaunchBackground", "UINavigationBar": ["UIImageName": "Bar"], "UITabBar": [String: Any](),
        "UIToolbar": [String: Any](), "UIImageRespectsSafeAreaInsets": false,
      ]
    ])
    let report = fixture.check()
    #expect(
      report.findings(.barsInLaunchScreen).map(\.keyPath) == [
        "UILaunchScreen.UINavigationBar", "UILaunchScreen.UITabBar", "UILaunchScreen.UIToolbar",
      ])
    report.expectOne(.safeAreaInsets, .note, containing: "ignoring the safe area", exitCode: 0)
  }

  @Test func launchKeysOfTheWrongType() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": "LaunchBackground", "UILaunchStoryboardName~ipad": 3])
    #expect(
      fixture.check().findings(.invalidValue).map(\.keyPath) == ["UILaunchScreen", "UILaunchStoryboardName~ipad"])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": 1, "UIImageName": ""]])
    #expect(
      fixture.check().findings(.invalidValue).map(\.keyPath) == [
        "UILaunchScreen.UIImageName", "UILaunchScreen.UIColorName",
      ])
    fixture.infoPlist(["UILaunchScreens": "x"])
    fixture.check().expectOne(.invalidValue, .error, message: "should be a dictionary, not 'x'")
  }
}

/// Launch screens per device and per URL scheme.
@Suite struct LaunchScreenVariantTests {
  @Test func perDeviceKeysAreCheckedOnTheirDevice() {
    let fixture = Fixture.usualApp()
    fixture.colorSet("Pad", [.rgb("0.9", "0.9", "0.9"), .rgb("0.063", "0.063", "0.063", dark: true)])
    fixture.infoPlist([
      "UILaunchScreen": ["UIColorName": "LaunchBackground"], "UILaunchScreen~ipad": ["UIColorName": "Pad"],
    ])
    // Only the iPad is concerned, and the message does not need to say so: that key is iPad's alone.
    fixture.check().expectOne(
      .colorDiffers, keyPath: "UILaunchScreen~ipad.UIColorName",
      suffix: ": in light mode the launch screen shows #E6E6E6 and the intro #FFFFFF")
  }

  @Test func aDeviceWithoutALaunchScreen() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen~ipad": ["UIColorName": "LaunchBackground"]])
    fixture.check().expectOne(
      .launchScreenMissing, .error, message: "no launch screen on iPhone: only UILaunchScreen~ipad is set")
  }

  @Test func anUnknownDeviceSuffix() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist([
      "UILaunchScreen": ["UIColorName": "LaunchBackground"], "UILaunchScreen~ipod": ["UIColorName": "Nope"],
    ])
    fixture.check().expect(kinds: [.unknownDeviceSuffix], exitCode: 0)
  }

  @Test func aStoryboardAndADictionaryOnOneDevice() {
    let fixture = Fixture.usualApp()
    fixture.write(
      "App/Base.lproj/Launch.storyboard",
      StoryboardWriter.storyboard(background: StoryboardWriter.color("name=\"LaunchBackground\"")))
    fixture.infoPlist([
      "UILaunchScreen~iphone": ["UIColorName": "LaunchBackground"], "UILaunchStoryboardName": "Launch",
    ])
    fixture.check().expectOne(
      .launchKindsConflict, .warning,
      message: "on iPhone both a launch storyboard and a UILaunchScreen dictionary apply: keep one")
  }

  @Test func launchScreensPerURLScheme() {
    let fixture = Fixture.usualApp()
    fixture.colorSet("Promo", [.rgb("1", "0", "0")])
    fixture.infoPlist([
      "UILaunchScreens": [
        "UILaunchScreenDefinitions": [
          ["UILaunchScreenIdentifier": "main", "UIColorName": "LaunchBackground"],
          ["UILaunchScreenIdentifier": "promo", "UIColorName": "Promo"],
          ["UIColorName": "LaunchBackground"],
        ],
        "UIDefaultLaunchScreen": "main",
        "UIURLToLaunchScreenAssociations": ["app-promo": "promo", "app-sale": "sale"],
      ]
    ])
    let report = fixture.check()
    report.expect(kinds: [.darkVariantOnOneSide, .colorDiffers, .launchScreenIdentifierMissing])
    report.expectOne(
      .colorDiffers, keyPath: "UILaunchScreens.UILaunchScreenDefinitions[1].UIColorName",
      prefix: "the UIColorName 'Promo' of launch screen 'promo' differs")
    let identifiers = report.findings(.launchScreenIdentifierMissing)
    #expect(
      identifiers.map { "\($0.severity): \($0.keyPath!)" } == [
        "warning: UILaunchScreens.UILaunchScreenDefinitions[2]",
        "error: UILaunchScreens.UIURLToLaunchScreenAssociations.app-sale",
      ])
  }

  @Test func aDefaultThatNamesNoDefinition() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist([
      "UILaunchScreens": [
        "UILaunchScreenDefinitions": [["UILaunchScreenIdentifier": "main", "UIColorName": "LaunchBackground"], "x"],
        "UIDefaultLaunchScreen": "Main",
      ]
    ])
    let report = fixture.check()
    report.expectOne(
      .launchScreenIdentifierMissing, .error, keyPath: "UILaunchScreens.UIDefaultLaunchScreen",
      message: "names the launch screen 'Main', which no UILaunchScreenDefinitions entry defines")
    report.expectOne(.invalidValue, keyPath: "UILaunchScreens.UILaunchScreenDefinitions[1]")
  }

  @Test func schemesWithoutDefinitions() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreens": ["UIDefaultLaunchScreen": "main"]])
    fixture.check().expectOne(
      .launchScreenMissing, keyPath: "UILaunchScreens.UILaunchScreenDefinitions",
      message: "UILaunchScreens defines no launch screen")
  }
}
