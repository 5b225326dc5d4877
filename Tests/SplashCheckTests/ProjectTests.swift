import Foundation
import Testing

@testable import SplashCheck

/// Finding the app's Info.plist from `project.pbxproj`.
@Suite struct ProjectTests {
  private static let generated = [
    "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
    "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app", "SDKROOT": "iphoneos",
  ]

  @Test func aGeneratedEmptyLaunchScreenInTwoConfigurations() {
    let fixture = Fixture()
    fixture.colorSet("LaunchBackground", ColorEntry.whiteWithDarkVariant)
    fixture.project(.app(debug: Self.generated))
    let report = fixture.check()
    report.expect(kinds: [.emptyLaunchScreen], exitCode: 1)
    report.expectOne(
      .emptyLaunchScreen, file: "App.xcodeproj/project.pbxproj", keyPath: "INFOPLIST_KEY_UILaunchScreen_Generation",
      containing: "what INFOPLIST_KEY_UILaunchScreen_Generation generates")
    #expect(report.checked == "the generated Info.plist (target 'App' of App.xcodeproj)")
  }

  @Test func aFileMergedWithGeneratedKeysAndSRCROOT() {
    let fixture = Fixture.usualApp()
    var settings = Self.generated
    settings["INFOPLIST_FILE"] = "$(SRCROOT)/$(TARGET_NAME)/Info.plist"
    fixture.project(.app(debug: settings))
    let report = fixture.check()
    // The file's UILaunchScreen (with UIColorName) fills in the generated empty one.
    report.expect(kinds: [])
    #expect(report.checked == "App/Info.plist (target 'App' of App.xcodeproj)")
  }

  @Test func configurationsThatDiffer() {
    let fixture = Fixture.usualApp()
    fixture.colorSet("Splash", [.white])
    fixture.plist("App/Debug-Info.plist", ["UILaunchScreen": ["UIColorName": "Splash"]])
    fixture.project(
      .app(
        debug: ["INFOPLIST_FILE": "App/Debug-Info.plist"], release: ["INFOPLIST_FILE": "App/Info.plist"]))
    let report = fixture.check()
    report.expectOne(
      .configurationsDiffer, .warning,
      message: "the launch screen differs between build configurations: UILaunchScreen is {UIColorName = 'Splash'} in "
        + "Debug but {UIColorName = 'LaunchBackground'} in Release; each is checked")
    report.expectOne(.darkVariantOnOneSide, file: "App/Debug-Info.plist", prefix: "in Debug: ")
  }

  @Test func findingsEveryConfigurationSharesAreReportedOnce() {
    let fixture = Fixture.usualApp()
    fixture.imageSet("Logo")
    fixture.plist("App/Debug-Info.plist", ["UILaunchScreen": ["UIColorName": "Splash", "UIImageName": "Logo"]])
    fixture.infoPlist(["UILaunchScreen": ["UIColorName": "LaunchBackground", "UIImageName": "Logo"]])
    fixture.project(
      .app(debug: ["INFOPLIST_FILE": "App/Debug-Info.plist"], release: ["INFOPLIST_FILE": "App/Info.plist"]))
    let report = fixture.check()
    // The reminder has different files, so it appears once per configuration, labelled.
    #expect(report.findings(.imageReminder).map { $0.message.prefix(12) } == ["in Debug: th", "in Release: "])
    report.expectOne(.colorNotInCatalog, prefix: "in Debug: ")
  }

  @Test func aFileAndABuildSettingThatDisagree() {
    let fixture = Fixture.usualApp()
    fixture.write(
      "App/Base.lproj/Launch.storyboard",
      StoryboardWriter.storyboard(background: StoryboardWriter.color("name=\"LaunchBackground\"")))
    fixture.infoPlist(["UILaunchStoryboardName": "Launch"])
    fixture.project(
      .app(debug: [
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "App/Info.plist",
        "INFOPLIST_KEY_UILaunchStoryboardName": "Other",
      ]))
    let report = fixture.check()
    report.expectOne(
      .settingConflict, .warning, file: "App/Info.plist", keyPath: "UILaunchStoryboardName",
      message: "the file says 'Launch' but the build setting INFOPLIST_KEY_UILaunchStoryboardName says 'Other'; "
        + "checking the file's value: keep one", exitCode: 0)
  }

  @Test func conditionalSettingsForIOS() {
    let fixture = Fixture.usualApp()
    fixture.project(
      .app(debug: [
        "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]": "YES",
        "INFOPLIST_KEY_UILaunchStoryboardName[sdk=macosx*]": "Mac",
        "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx",
      ]))
    fixture.check().expect(kinds: [.emptyLaunchScreen])
  }

  @Test func settingsFromAnXcconfigWithAnInclude() {
    let fixture = Fixture.usualApp()
    fixture.write("Config/Base.xcconfig", "// Shared\n#include \"Paths.xcconfig\"\nGENERATE_INFOPLIST_FILE = NO;\n")
    fixture.write(
      "Config/Paths.xcconfig", "INFOPLIST_FILE = App/Info.plist // the app's\n#include? \"Local.xcconfig\"\n")
    fixture.project(.app(debug: [:], xcconfig: "Config/Base.xcconfig"))
    let report = fixture.check()
    report.expect(kinds: [])
    #expect(report.checked == "App/Info.plist (target 'App' of App.xcodeproj)")
  }

  @Test func anXcconfigIncludeLoopIsAWarning() {
    let fixture = Fixture.usualApp()
    fixture.write("Config/A.xcconfig", "#include \"B.xcconfig\"\nINFOPLIST_FILE = App/Info.plist\n")
    fixture.write("Config/B.xcconfig", "#include \"A.xcconfig\"\n")
    fixture.project(.app(debug: [:], xcconfig: "Config/A.xcconfig"))
    let report = fixture.check()
    report.expectOne(
      .unresolvedSetting, .warning, file: "Config/B.xcconfig",
      message: "#include loops back to 'Config/A.xcconfig'; ignored", exitCode: 0)
  }

  @Test func aMissingXcconfigIsUnreadableInput() {
    let fixture = Fixture.usualApp()
    fixture.project(.app(debug: [:], xcconfig: "Config/Missing.xcconfig"))
    let report = fixture.check()
    report.expectOne(.unreadableInput, file: "Config/Missing.xcconfig", message: "does not exist", exitCode: 2)
  }

  @Test func xcconfigReferencesOfEverySourceTree() {
    let fixture = Fixture.usualApp()
    fixture.write("Config/Project.xcconfig", "INFOPLIST_FILE = App/Info.plist\n")
    fixture.write("App/Config/Target.xcconfig", "GENERATE_INFOPLIST_FILE = NO\n")
    fixture.write("Shared/Absolute.xcconfig", "SDKROOT = iphoneos\n")
    fixture.directory("App.xcworkspace")
    // Xcode 16 anchors an xcconfig inside a synchronized folder; older projects use a file reference
    // relative to the project (SOURCE_ROOT), to a group, or absolute.
    fixture.write(
      "App.xcodeproj/project.pbxproj",
      """
      {
        objects = {
          P0 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T0); };
          G0 = {isa = PBXGroup; children = (S0, F1); sourceTree = "<group>"; };
          S0 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
          F0 = {isa = PBXFileReference; path = Config/Project.xcconfig; sourceTree = SOURCE_ROOT; };
          F1 = {isa = PBXFileReference; path = "\(fixture.path("Shared/Absolute.xcconfig"))"; sourceTree = "<absolute>"; };
          F2 = {isa = PBXFileReference; path = Built.xcconfig; sourceTree = BUILT_PRODUCTS_DIR; };
          PL = {isa = XCConfigurationList; buildConfigurations = (PC0, PC1); };
          PC0 = {isa = XCBuildConfiguration; baseConfigurationReference = F0; buildSettings = {}; name = Debug; };
          PC1 = {isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {INFOPLIST_FILE = App/Info.plist;}; name = Release; };
          T0 = {isa = PBXNativeTarget; buildConfigurationList = TL; name = App; productType = "com.apple.product-type.application"; };
          TL = {isa = XCConfigurationList; buildConfigurations = (TC0, TC1); };
          TC0 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = S0; baseConfigurationReferenceRelativePath = Config/Target.xcconfig; buildSettings = {}; name = Debug; };
          TC1 = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {}; name = Release; };
        };
        rootObject = P0;
      }
      """)
    let report = fixture.check()
    report.expect(kinds: [])
    #expect(report.checked == "App/Info.plist (target 'App' of App.xcodeproj)")
  }

  @Test func inheritedProjectSettings() {
    let fixture = Fixture.usualApp()
    var project = ProjectWriter.app(debug: ["INFOPLIST_FILE": "$(inherited)"])
    project.projectSettings = [
      "Debug": ["INFOPLIST_FILE": "App/Info.plist"], "Release": ["INFOPLIST_FILE": "App/Info.plist"],
    ]
    fixture.project(project)
    fixture.check().expect(kinds: [])
  }

  @Test func anUnresolvableVariableInINFOPLIST_FILE() {
    let fixture = Fixture.usualApp()
    fixture.project(.app(debug: ["INFOPLIST_FILE": "$(CUSTOM_DIR)/Info.plist"]))
    let report = fixture.check()
    report.expectOne(
      .unreadableInput, keyPath: "target 'App' (Debug).INFOPLIST_FILE",
      message: "cannot resolve $(CUSTOM_DIR) in '$(CUSTOM_DIR)/Info.plist'; pass --plist PATH", exitCode: 2)
  }

  @Test func aTargetWithoutAnyInfoPlist() {
    let fixture = Fixture.usualApp()
    fixture.project(.app(debug: ["PRODUCT_NAME": "App"]))
    let report = fixture.check()
    report.expectOne(.unreadableInput, containing: "neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE", exitCode: 2)
  }

  @Test func anInfoPlistFileThatIsMissing() {
    let fixture = Fixture.usualApp()
    fixture.project(.app(debug: ["INFOPLIST_FILE": "Sources/Info.plist"]))
    let report = fixture.check()
    report.expectOne(
      .unreadableInput, file: "Sources/Info.plist", message: "the Info.plist of target 'App' (Debug) does not exist")
  }

  @Test func twoAppTargetsAreAmbiguousUntilOneIsNamed() {
    let fixture = Fixture.usualApp()
    fixture.plist("Widget/Info.plist", ["UILaunchScreen": ["UIColorName": "Missing"]])
    fixture.project(
      ProjectWriter(targets: [
        .init(name: "App", configurations: [("Debug", ["INFOPLIST_FILE": "App/Info.plist"])]),
        .init(name: "Other", configurations: [("Debug", ["INFOPLIST_FILE": "Widget/Info.plist"])]),
        .init(
          name: "Framework", productType: "com.apple.product-type.framework",
          configurations: [("Debug", ["INFOPLIST_FILE": "Widget/Info.plist"])]),
      ]))
    let report = fixture.check()
    report.expectOne(
      .ambiguousApp, .error, message: "2 application targets could be the app's; pass --target NAME (or --plist PATH)",
      exitCode: 2)
    #expect(report.findings(.appCandidate).map(\.keyPath) == ["target 'App'", "target 'Other'"])
    fixture.check(target: "App").expect(kinds: [])
    fixture.check(target: "Other").expect(kinds: [.colorNotInCatalog])
    let wrong = fixture.check(target: "Widget")
    wrong.expectOne(
      .appNotFound, message: "no iOS application target is named 'Widget'; the targets are 'App', 'Other'", exitCode: 2)
    fixture.check(plist: "App/Info.plist").expect(kinds: [])
  }

  @Test func applicationTargetsForOtherPlatformsAreSkipped() {
    let fixture = Fixture.usualApp()
    fixture.project(
      ProjectWriter(targets: [
        .init(name: "App", configurations: [("Debug", ["INFOPLIST_FILE": "App/Info.plist"])]),
        .init(name: "MacApp", configurations: [("Debug", ["INFOPLIST_FILE": "Mac/Info.plist", "SDKROOT": "macosx"])]),
        .init(
          name: "Watch", productType: "com.apple.product-type.application.watchapp2",
          configurations: [("Debug", ["SDKROOT": "watchos"])]),
      ]))
    let report = fixture.check()
    #expect(report.findings(.skippedTarget).map(\.keyPath) == ["target 'MacApp'", "target 'Watch'"])
    report.expect(kinds: [.skippedTarget], exitCode: 0)
  }

  @Test func aProjectWithoutAppTargetsFallsBackToTheInfoPlists() {
    let fixture = Fixture.usualApp()
    fixture.project(
      ProjectWriter(targets: [
        .init(name: "Kit", productType: "com.apple.product-type.framework", configurations: [("Debug", [:])])
      ]))
    let report = fixture.check()
    report.expect(kinds: [.skippedTarget])
    #expect(report.checked == "App/Info.plist")
  }

  @Test func projectDirPathAndSRCROOT() {
    let fixture = Fixture.usualApp()
    var project = ProjectWriter.app(debug: ["INFOPLIST_FILE": "${SRCROOT}/Info.plist"])
    project.projectDirPath = "App"
    fixture.project(project)
    #expect(fixture.check().checked == "App/Info.plist (target 'App' of App.xcodeproj)")
  }

  @Test func buildSettingsLayersAndConditions() {
    let settings = BuildSettings(layers: [
      ["A": "low", "B": "base"],
      [
        "A": "$(inherited) high", "C[sdk=iphoneos*]": "ios", "C": "plain", "D[sdk=macosx*]": "mac",
        "E[config=Debug]": "x",
      ],
    ])
    #expect(
      [settings.value("A"), settings.value("C"), settings.value("D"), settings.value("E")] == [
        "low high", "ios", nil, nil,
      ])
    #expect(
      [settings.expand("$(B)/${A}/$x"), settings.expand("$(MISSING)"), settings.expand("$(B")] == [
        .success("base/low high/$x"), .failure(UnresolvedVariable(name: "MISSING")),
        .failure(UnresolvedVariable(name: "$(B")),
      ])
    let looping = BuildSettings(layers: [["X": "$(Y)", "Y": "$(X)"]])
    #expect(looping.expand("$(X)") == .failure(UnresolvedVariable(name: "X")))
    let conditions = [
      "[sdk=iphonesimulator*][arch=arm64]", "[sdk=*]", "[sdk=iphoneos]", "[sdk=xros*]", "[sdk]", "sdk=iphoneos",
    ]
    #expect(conditions.map(BuildSettings.appliesToIOS) == [true, true, true, false, false, false])
  }

  static let corruptProjects: [(text: String, reason: String)] = [
    ("not a plist {", "is not a valid property list (corrupt or truncated)"),
    ("{ objects = {}; }", "is not an Xcode project (no PBXProject root object)"),
  ]

  @Test(arguments: corruptProjects)
  func aCorruptProjectIsUnreadableInput(text: String, reason: String) {
    let fixture = Fixture.usualApp()
    fixture.write("App.xcodeproj/project.pbxproj", text)
    let report = fixture.check()
    report.expectOne(.unreadableInput, file: "App.xcodeproj/project.pbxproj", message: reason, exitCode: 2)
  }
}

/// Finding the app's Info.plist without a project.
@Suite struct ScanTests {
  @Test func otherBundlesAndFoldersAreSkippedWithNotes() {
    let fixture = Fixture.usualApp()
    fixture.plist("Share/Info.plist", ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.share-services"]])
    fixture.plist("Kit/Info.plist", ["CFBundlePackageType": "FMWK"])
    fixture.plist("Kit2/Kit-Info.plist", ["CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"])
    for folder in ["Pods/A", "Carthage/Build", "DerivedData/X", ".build/y", "AppTests", "AppUITests", "Built/Old.app"] {
      fixture.plist("\(folder)/Info.plist", ["UILaunchScreen": [String: Any]()])
    }
    fixture.write(".git/Info.plist", "hidden, never read")
    let report = fixture.check()
    #expect(report.findings(.skippedPlist).map(\.file) == ["Kit/Info.plist", "Share/Info.plist"])
    #expect(
      report.findings(.skippedFolder).compactMap(\.file).sorted() == [
        ".build", "AppTests", "AppUITests", "Built/Old.app", "Carthage", "DerivedData", "Pods",
      ])
    // A package type given by a build variable is an app's as far as anyone can tell.
    report.expectOne(.ambiguousApp, message: "2 Info.plist files could be the app's; pass --plist PATH")
    #expect(report.findings(.appCandidate).map(\.file) == ["App/Info.plist", "Kit2/Kit-Info.plist"])
  }

  @Test func noAppAtAll() {
    let fixture = Fixture()
    fixture.write("README.md", "nothing here")
    let report = fixture.check()
    report.expectOne(
      .appNotFound, message: "no Xcode project and no app Info.plist found; pass --plist PATH", exitCode: 2)
    fixture.check(target: "App").expectOne(
      .appNotFound, message: "no iOS application target is named 'App' (no Xcode project with one was found)")
  }

  @Test func anUnreadableCandidateBesideTheAppIsSkipped() {
    let fixture = Fixture.usualApp()
    fixture.write("Old/Info.plist", "<?xml version=\"1.0\"?><plist><dict><key>a</key>")
    let report = fixture.check()
    report.expectOne(
      .skippedPath, .warning, file: "Old/Info.plist",
      message: "is not a valid property list (corrupt or truncated); skipped", exitCode: 0)
  }

  @Test func anUnreadableOnlyCandidateIsTheAppsOwn() {
    let fixture = Fixture()
    fixture.write("App/Info.plist", "<?xml version=\"1.0\"?><plist><dict><key>a</key>")
    let report = fixture.check()
    report.expectOne(
      .unreadableInput, file: "App/Info.plist", message: "is not a valid property list (corrupt or truncated)",
      exitCode: 2)
  }
}
