/// Facts about the `Intro` module.
public enum IntroModule {
  /// The version of the intro coordinator's API.
  public static let version = "0.2.0"
}
