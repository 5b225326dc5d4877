import Foundation
import Testing

@testable import SplashCheck

/// Asset catalogs: names, namespaces, the search and `--assets`.
@Suite struct AssetCatalogTests {
  @Test func namespacesPrefixNamesAndPlainFoldersDoNot() {
    let fixture = Fixture()
    fixture.json("App/Assets.xcassets/Brand/Contents.json", ["properties": ["provides-namespace": true]])
    fixture.json("App/Assets.xcassets/Brand/Inner/Contents.json", ["info": ["version": 1]])
    fixture.colorSet("Brand/Inner/LaunchBackground", ColorEntry.whiteWithDarkVariant)
    fixture.imageSet("Plain/Logo")
    fixture.write("App/Assets.xcassets/AppIcon.appiconset/Contents.json", "{ broken, never read")
    let index = AssetCatalogs.index(
      [fixture.path("App/Assets.xcassets")], explicit: false, display: PathDisplay(root: fixture.root))
    #expect(
      [Array(index.colors.keys), Array(index.images.keys), index.findings.map(\.line)] == [
        ["Brand/LaunchBackground"], ["Logo"], [],
      ])

    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Brand/LaunchBackground", "UIImageName": "Logo"]])
    fixture.check("Brand/LaunchBackground").expect(kinds: [.imageReminder])
  }

  @Test func assetsOverridesTheSearch() {
    let fixture = Fixture.usualApp()
    fixture.colorSet("LaunchBackground", in: "Design/Other.xcassets", [.white])
    // Searched: the app's catalog and Design's both define the colour.
    let searched = fixture.check()
    searched.expectOne(
      .assetDefinedTwice, .warning, file: "App/Assets.xcassets/LaunchBackground.colorset",
      message: "the colour 'LaunchBackground' is defined 2 times (App/Assets.xcassets/LaunchBackground.colorset, "
        + "Design/Other.xcassets/LaunchBackground.colorset); checking the first: pass --assets PATH to choose")
    // Given: only that catalog is used.
    let given = fixture.check(assets: ["App/Assets.xcassets"])
    given.expect(kinds: [])
    let both = fixture.check(assets: ["App/Assets.xcassets", "Design/Other.xcassets"])
    both.expectOne(.assetDefinedTwice)
  }

  @Test func anImageDefinedTwice() {
    let fixture = Fixture.usualApp()
    fixture.imageSet("Logo")
    fixture.imageSet("Logo", in: "Shared/Shared.xcassets")
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    let report = fixture.check(introImage: "Logo")
    report.expectOne(.assetDefinedTwice, prefix: "the image 'Logo' is defined 2 times")
  }

  @Test func catalogsInSkippedFoldersAreNotSearched() {
    let fixture = Fixture.usualApp()
    fixture.colorSet("Splash", in: "Pods/Kit/Kit.xcassets", [.white])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.check().expectOne(.colorNotInCatalog, keyPath: "UILaunchScreen.UIColorName")
  }

  @Test func aColourSetWithoutColours() {
    let fixture = Fixture.usualApp()
    fixture.json("App/Assets.xcassets/Splash.colorset/Contents.json", ["colors": [["idiom": "universal"]]])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.check().expectOne(
      .colorNotInCatalog, message: "the colour set 'Splash' defines no colour for iPhone or iPad")
  }

  @Test func displayP3GamutEntriesGiveWayToTheSRGBOne() {
    let fixture = Fixture.usualApp()
    var p3 = ColorEntry.rgb("1.000", "0.000", "0.000", space: "display-p3").json
    p3["display-gamut"] = "display-P3"
    var srgb = ColorEntry.rgb("0.063", "0.063", "0.063", dark: true).json
    srgb["display-gamut"] = "sRGB"
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json", ["colors": [ColorEntry.white.json, p3, srgb]])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.check().expect(kinds: [.colorsMatchByCoincidence])
  }

  @Test func unknownAppearancesAreIgnored() {
    let fixture = Fixture.usualApp()
    var odd = ColorEntry.black.json
    odd["appearances"] = [["appearance": "luminosity", "value": "dim"]]
    fixture.json(
      "App/Assets.xcassets/Splash.colorset/Contents.json",
      ["colors": ColorEntry.whiteWithDarkVariant.map(\.json) + [odd]])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "Splash"]])
    // The odd entry counts as "any", but the first any-appearance entry (white) wins the tie.
    fixture.check().expect(kinds: [.colorsMatchByCoincidence])
  }

  @Test func withPlistAndAssetsTheTreeIsWalkedOnlyForAStoryboard() {
    let fixture = Fixture.usualApp()
    fixture.symlink("Elsewhere/Loop", to: "Loop")
    let given = fixture.check(plist: "App/Info.plist", assets: ["App/Assets.xcassets"])
    given.expect(kinds: [])
    fixture.infoPlist(["UILaunchStoryboardName": "Launch"])
    fixture.write(
      "App/Launch.storyboard",
      StoryboardWriter.storyboard(background: StoryboardWriter.color("name=\"LaunchBackground\"")))
    let walked = fixture.check(plist: "App/Info.plist", assets: ["App/Assets.xcassets"])
    walked.expect(kinds: [.skippedPath])
  }
}
