// SymbolLinks: the engine APIs a snippet names (WorkbookFidelity's
// APIUsage), linked from the highlighted code to their rows on the
// site's ledger page.
import WorkbookFidelity
import WorkbookModel

extension APIUsage {
  /// The ledger's page.
  static let page = Chapter.ledgerPage
}
