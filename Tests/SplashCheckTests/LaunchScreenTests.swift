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
    #expect(report.findings.isEmpty, "\(report.text)")
    #expect(report.exitCode == 0)
    #expect(report.checked == "App/Info.plist")
  }

  @Test func noLaunchScreenAtAll() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["CFBundleName": "App"])
    let report = fixture.check()
    let finding = report.only(.launchScreenMissing)
    #expect(finding?.severity == .error)
    #expect(finding?.file == "App/Info.plist")
    #expect(report.exitCode == 1)
  }

  @Test func launchColourNotInTheCatalog() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "launchBackground"]])
    let report = fixture.check()
    let finding = report.only(.colorNotInCatalog)
    #expect(finding?.keyPath == "UILaunchScreen.UIColorName")
    #expect(finding?.message.contains("did you mean 'LaunchBackground'?") == true)
    #expect(report.exitCode == 1)
  }

  @Test func introColourNotInTheCatalog() {
    let fixture = Fixture.usualApp()
    let report = fixture.check("IntroBackground")
    let finding = report.findings(.colorNotInCatalog).first { $0.keyPath == "--intro-background" }
    #expect(finding?.severity == .error)
    #expect(finding?.message.contains("App/Assets.xcassets") == true)
  }

  @Test func withoutAnyCatalogTheMessageSaysSo() {
    let fixture = Fixture()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground"]])
    let report = fixture.check()
    #expect(report.findings(.colorNotInCatalog).count == 2)
    #expect(report.findings.allSatisfy { $0.message.contains("no asset catalog was found (pass --assets PATH)") })
  }

  @Test func launchImageNotInTheCatalogAndTheReminder() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    var report = fixture.check()
    #expect(report.only(.imageNotInCatalog)?.keyPath == "UILaunchScreen.UIImageName")
    #expect(report.only(.imageReminder)?.severity == .note)
    fixture.imageSet("Logo")
    report = fixture.check()
    #expect(report.kinds == [.imageReminder])
    #expect(report.exitCode == 0)
  }

  @Test func launchImageAgainstTheIntrosImage() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    fixture.imageSet("Logo")
    fixture.imageSet("Mascot")
    #expect(fixture.check(introImage: "Logo").kinds == [.imageReminder])
    let report = fixture.check(introImage: "Mascot")
    #expect(report.only(.imageDiffers)?.message.contains("'Logo' but the intro's first frame draws 'Mascot'") == true)
    #expect(report.exitCode == 1)
    let missing = fixture.check(introImage: "Character")
    #expect(missing.findings(.imageNotInCatalog).first?.keyPath == "--intro-image")
  }

  @Test func differentNamesWithEqualValuesAreACoincidence() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    // The same colours in other notations and spaces: 8-bit integers, and gray gamma 2.2 for white.
    fixture.colorSet("Splash", [.gray("1.000"), .rgb("16", "0x10", "16", dark: true)])
    let report = fixture.check()
    let finding = report.only(.colorsMatchByCoincidence)
    #expect(finding?.severity == .warning)
    #expect(report.exitCode == 0)
  }

  @Test func aColourThatDiffersInLightMode() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet("Splash", [.rgb("0.900", "0.900", "0.900"), .rgb("0.063", "0.063", "0.063", dark: true)])
    let report = fixture.check()
    let finding = report.only(.colorDiffers)
    #expect(finding?.message.hasSuffix("in light mode the launch screen shows #E6E6E6 and the intro #FFFFFF") == true)
    #expect(report.exitCode == 1)
  }

  @Test func aDarkVariantOnOneSideOnly() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet("Splash", [.white])
    let report = fixture.check()
    let finding = report.only(.darkVariantOnOneSide)
    #expect(
      finding?.message
        == "'LaunchBackground' has a dark variant and 'Splash' does not: in dark mode the launch screen shows #FFFFFF and the intro #101010"
    )
    #expect(report.findings(.colorDiffers).isEmpty)
    #expect(report.exitCode == 1)
  }

  @Test func theLightAppearanceIsUsedInLightMode() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    var light = ColorEntry.rgb("1.000", "0.000", "0.000")
    light.light = true
    // Any: black (never used, since light and dark are both given), Light: red, Dark: #101010.
    fixture.colorSet("Splash", [.black, light, .rgb("0.063", "0.063", "0.063", dark: true)])
    let finding = fixture.check().only(.colorDiffers)
    #expect(finding?.message.hasSuffix("in light mode the launch screen shows #FF0000 and the intro #FFFFFF") == true)
  }

  @Test func highContrastAndIdiomVariantsAreCompared() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    var highContrast = ColorEntry.rgb("0.000", "0.000", "0.000", dark: true)
    highContrast.highContrast = true
    var iPad = ColorEntry.rgb("0.950", "0.950", "0.950")
    iPad.idiom = "ipad"
    fixture.colorSet("Splash", ColorEntry.whiteWithDarkVariant + [highContrast, iPad])
    let messages = fixture.check().findings(.colorDiffers).map(\.message)
    #expect(messages.count == 1)
    // An idiom's entry beats a universal one whatever its appearance, so the iPad's any-appearance
    // entry is what iPad shows in dark mode too.
    #expect(
      messages.first?.hasSuffix(
        "in light mode on iPad the launch screen shows #F2F2F2 and the intro #FFFFFF; "
          + "in dark mode on iPad the launch screen shows #F2F2F2 and the intro #101010; "
          + "in dark mode with high contrast on iPhone the launch screen shows #000000 and the intro #101010") == true)
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
    #expect(fixture.check().kinds == [.colorsMatchByCoincidence])
    fixture.colorSet("Red", [.rgb("1.000", "0.000", "0.000", space: "display-p3")])
    fixture.colorSet("SRGBRed", [.rgb("1.000", "0.000", "0.000")])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Red"]])
    let finding = fixture.check("SRGBRed").only(.colorDiffers)
    #expect(finding?.message.contains("rgb(1.093, -0.227, -0.150) and the intro #FF0000") == true)
  }

  @Test func anUnconvertibleColourIsANote() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.colorSet(
      "Splash",
      [ColorEntry(space: "generic-cmyk", components: ["cyan": "0"]), .rgb("0.063", "0.063", "0.063", dark: true)])
    let report = fixture.check()
    let note = report.only(.conversionImpossible)
    #expect(note?.severity == .note)
    #expect(note?.file == "App/Assets.xcassets/Splash.colorset/Contents.json")
    #expect(note?.message.contains("is not compared in light mode") == true)
    #expect(note?.message.contains("'generic-cmyk' cannot be converted") == true)
    // Dark mode was still compared, and matched: by value only, so a coincidence.
    #expect(report.findings(.colorsMatchByCoincidence).count == 1)
  }

  @Test func systemColourReferencesInACatalog() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json",
      ["colors": [["idiom": "universal", "color": ["platform": "ios", "reference": "systemBackgroundColor"]]]])
    // White and black against white and #101010: dark mode differs; both sides have a dark variant.
    #expect(fixture.check().only(.colorDiffers)?.message.contains("dark mode the launch screen shows #000000") == true)
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json",
      ["colors": [["idiom": "universal", "color": ["platform": "ios", "reference": "systemTealColor"]]]])
    #expect(fixture.check().only(.conversionImpossible)?.message.contains("'systemTealColor'") == true)
  }

  @Test(arguments: [true, false])
  func anEmptyLaunchScreenDrawsTheSystemBackground(introFollowsIt: Bool) {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": [String: Any]()])
    if introFollowsIt { fixture.colorSet("LaunchBackground", [.white, .rgb("0", "0", "0", dark: true)]) }
    let report = fixture.check()
    let finding = report.only(.emptyLaunchScreen)
    #expect(finding?.severity == (introFollowsIt ? .warning : .error))
    #expect(finding?.message.contains("white in light mode and black in dark") == true)
    #expect(finding?.message.contains("set UIColorName to 'LaunchBackground'") == true)
    if !introFollowsIt {
      #expect(finding?.message.contains("in dark mode the launch screen shows #000000 and the intro #101010") == true)
    }
  }

  @Test func aLaunchScreenWithAnImageButNoColourName() {
    let fixture = Fixture.usualApp()
    fixture.imageSet("Logo")
    fixture.infoPlist(["UILaunchScreen": ["UIImageName": "Logo"]])
    let finding = fixture.check().only(.colorNameMissing)
    #expect(finding?.severity == .error)
    #expect(finding?.message.hasPrefix("UILaunchScreen has no UIColorName") == true)
  }

  @Test func anIntroColourThatCannotBeReadStillFlagsAMissingColourName() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen": [String: Any]()])
    #expect(fixture.check("Missing").only(.emptyLaunchScreen)?.severity == .error)
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
    #expect(report.only(.safeAreaInsets)?.message.contains("ignoring the safe area") == true)
    #expect(report.exitCode == 0)
  }

  @Test func launchKeysOfTheWrongType() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist([
      "UILaunchScreen": "LaunchBackground", "UILaunchStoryboardName~ipad": 3,
    ])
    let report = fixture.check()
    #expect(report.findings(.invalidValue).map(\.keyPath) == ["UILaunchScreen", "UILaunchStoryboardName~ipad"])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": 1, "UIImageName": ""]])
    #expect(
      fixture.check().findings(.invalidValue).map(\.keyPath) == [
        "UILaunchScreen.UIImageName", "UILaunchScreen.UIColorName",
      ])
    fixture.infoPlist(["UILaunchScreens": "x"])
    #expect(fixture.check().only(.invalidValue)?.message == "should be a dictionary, not 'x'")
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
    let report = fixture.check()
    let finding = report.only(.colorDiffers)
    #expect(finding?.keyPath == "UILaunchScreen~ipad.UIColorName")
    // Only the iPad is concerned, and the message does not need to say so: that key is iPad's alone.
    #expect(finding?.message.hasSuffix("in light mode the launch screen shows #E6E6E6 and the intro #FFFFFF") == true)
  }

  @Test func aDeviceWithoutALaunchScreen() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreen~ipad": ["UIColorName": "LaunchBackground"]])
    let finding = fixture.check().only(.launchScreenMissing)
    #expect(finding?.message == "no launch screen on iPhone: only UILaunchScreen~ipad is set")
  }

  @Test func anUnknownDeviceSuffix() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist([
      "UILaunchScreen": ["UIColorName": "LaunchBackground"], "UILaunchScreen~ipod": ["UIColorName": "Nope"],
    ])
    let report = fixture.check()
    #expect(report.kinds == [.unknownDeviceSuffix])
    #expect(report.exitCode == 0)
  }

  @Test func aStoryboardAndADictionaryOnOneDevice() {
    let fixture = Fixture.usualApp()
    fixture.write(
      "App/Base.lproj/Launch.storyboard",
      StoryboardWriter.storyboard(background: StoryboardWriter.color("name=\"LaunchBackground\"")))
    fixture.infoPlist([
      "UILaunchScreen~iphone": ["UIColorName": "LaunchBackground"], "UILaunchStoryboardName": "Launch",
    ])
    let finding = fixture.check().only(.launchKindsConflict)
    #expect(finding?.message.hasPrefix("on iPhone both") == true)
    #expect(finding?.severity == .warning)
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
    let promo = report.findings.filter { $0.keyPath == "UILaunchScreens.UILaunchScreenDefinitions[1].UIColorName" }
    #expect(promo.map(\.kind) == [.darkVariantOnOneSide, .colorDiffers])
    #expect(promo.last?.message.hasPrefix("the UIColorName 'Promo' of launch screen 'promo' differs") == true)
    let identifiers = report.findings(.launchScreenIdentifierMissing)
    #expect(identifiers.map(\.severity) == [.warning, .error])
    #expect(
      identifiers.map(\.keyPath) == [
        "UILaunchScreens.UILaunchScreenDefinitions[2]", "UILaunchScreens.UIURLToLaunchScreenAssociations.app-sale",
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
    #expect(report.only(.launchScreenIdentifierMissing)?.keyPath == "UILaunchScreens.UIDefaultLaunchScreen")
    #expect(report.only(.invalidValue)?.keyPath == "UILaunchScreens.UILaunchScreenDefinitions[1]")
  }

  @Test func schemesWithoutDefinitions() {
    let fixture = Fixture.usualApp()
    fixture.infoPlist(["UILaunchScreens": ["UIDefaultLaunchScreen": "main"]])
    let finding = fixture.check().only(.launchScreenMissing)
    #expect(finding?.keyPath == "UILaunchScreens.UILaunchScreenDefinitions")
  }
}
