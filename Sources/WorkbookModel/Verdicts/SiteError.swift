// SiteError: a step of `workbook build` or `serve` failed (ErrorText words it).

/// A step of `workbook build` failed (setup, not the book's content).
public enum SiteError: Error, Hashable, Sendable {
  case verify(VerifyError)
  case badConfig(path: String, reason: String)
  case themeFileMissing(name: String)
  /// A theme file is a link to a file outside the book (or the theme folder).
  case themeFileOutside(path: String, target: String)
  case cannotWrite(path: String, reason: String)
  /// The site folder is one the build must not write into.
  case unsafeFolder(path: String, reason: String)
  /// The report a site is rendered from (`build --from-report`) cannot be
  /// read, or is not the whole book as it is now.
  case report(ReportDocument.Problem)
}
