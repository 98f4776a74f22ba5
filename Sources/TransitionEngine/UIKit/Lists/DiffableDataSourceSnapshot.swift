// NSDiffableDataSourceSnapshot
//
// The state of a diffable data source's data: sections in order, each with
// its items in order, identified by unique hashable values. A value type,
// as Apple declares it (`@preconcurrency struct … where … : Hashable,
// … : Sendable`).

import Foundation

/// A representation of the state of the data in a view at a specific
/// point in time, as UIKit's `NSDiffableDataSourceSnapshot`.
///
/// Identifiers must be unique across the snapshot: supplying the same
/// identifier twice in one call traps with UIKit's "Fatal: supplied item
/// identifiers are not unique" message. Appending or inserting an item that
/// is already in the snapshot moves it into place, as UIKit does since iOS
/// 15 (with its console warning, which the engine does not print: a
/// snapshot belongs to no simulation).
@preconcurrency
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable,
  ItemIdentifierType: Hashable, ItemIdentifierType: Sendable
{
  /// The sections, in order, each with its items in order.
  private var sections: [SectionIdentifierType] = []
  private var itemsBySection: [[ItemIdentifierType]] = []
  /// Where each section is in `sections`.
  private var sectionIndex: [SectionIdentifierType: Int] = [:]
  /// The section that holds each item.
  private var sectionOfItem: [ItemIdentifierType: SectionIdentifierType] = [:]

  /// Creates an empty snapshot.
  public init() {}

  // MARK: - Reading

  /// The number of items in the snapshot.
  public var numberOfItems: Int { sectionOfItem.count }

  /// The number of sections in the snapshot.
  public var numberOfSections: Int { sections.count }

  /// The identifiers of the sections, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { sections }

  /// The identifiers of every item, section by section.
  public var itemIdentifiers: [ItemIdentifierType] { Array(itemsBySection.joined()) }

  /// The number of items in a section; traps if the section is not in the
  /// snapshot.
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    itemIdentifiers(inSection: identifier).count
  }

  /// The items of a section, in order; traps if the section is not in the
  /// snapshot.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    guard let index = sectionIndex[identifier] else {
      preconditionFailure("Invalid section identifier \(String(reflecting: identifier)): it is not in the snapshot")
    }
    return itemsBySection[index]
  }

  /// The section that holds an item, or nil if the item is not in the
  /// snapshot.
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    sectionOfItem[identifier]
  }

  /// The index of an item among all the snapshot's items (counted across
  /// sections), or nil if it is not in the snapshot.
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    guard let section = sectionOfItem[identifier], let s = sectionIndex[section] else { return nil }
    let before = itemsBySection[..<s].reduce(0) { $0 + $1.count }
    return itemsBySection[s].firstIndex(of: identifier).map { before + $0 }
  }

  /// The index of a section, or nil if it is not in the snapshot.
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    sectionIndex[identifier]
  }

  /// The items marked for reloading with `reloadItems(_:)`.
  public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
  /// The items marked for reconfiguring with `reconfigureItems(_:)`.
  public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
  /// The sections marked for reloading with `reloadSections(_:)`.
  public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

  // MARK: - Items

  /// Adds items at the end of a section (the last section when nil).
  ///
  /// Traps when there is no section yet ("There are currently no sections
  /// in the data source. Please add a section first."), when the section is
  /// not in the snapshot, and when `identifiers` holds one twice.
  public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
    let section: SectionIdentifierType
    if let sectionIdentifier {
      section = sectionIdentifier
      guard sectionIndex[section] != nil else {
        preconditionFailure("Invalid section identifier \(String(reflecting: section)) specified for appending items: it is not in the snapshot")
      }
    } else {
      guard let last = sections.last else {
        preconditionFailure("There are currently no sections in the data source. Please add a section first.")
      }
      section = last
    }
    let items = Self.checkedUnique(identifiers, kind: "item")
    removeExisting(items)
    let s = sectionIndex[section]!
    itemsBySection[s].append(contentsOf: items)
    for item in items { sectionOfItem[item] = section }
  }

  /// Inserts items just before an item of the snapshot; traps if that item
  /// is not in it.
  public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
    insert(identifiers, relativeTo: beforeIdentifier, after: false)
  }

  /// Inserts items just after an item of the snapshot; traps if that item
  /// is not in it.
  public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
    insert(identifiers, relativeTo: afterIdentifier, after: true)
  }

  /// Deletes items; identifiers not in the snapshot are ignored.
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    removeExisting(identifiers)
  }

  /// Deletes every item and every section.
  public mutating func deleteAllItems() {
    sections = []
    itemsBySection = []
    sectionIndex = [:]
    sectionOfItem = [:]
    reloadedItemIdentifiers = []
    reconfiguredItemIdentifiers = []
    reloadedSectionIdentifiers = []
  }

  /// Moves an item just before another; traps if either is not in the
  /// snapshot.
  public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
    move(identifier, relativeTo: toIdentifier, after: false)
  }

  /// Moves an item just after another; traps if either is not in the
  /// snapshot.
  public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
    move(identifier, relativeTo: toIdentifier, after: true)
  }

  /// Marks items to be reloaded (their cells are asked for again when the
  /// snapshot is applied); traps if one is not in the snapshot.
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    requireExisting(identifiers, for: "reload")
    reloadedItemIdentifiers.append(contentsOf: identifiers.filter { !reloadedItemIdentifiers.contains($0) })
  }

  /// Marks items to be reconfigured (their existing cells are configured
  /// again when the snapshot is applied); traps if one is not in the
  /// snapshot.
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    requireExisting(identifiers, for: "reconfigure")
    reconfiguredItemIdentifiers.append(contentsOf: identifiers.filter { !reconfiguredItemIdentifiers.contains($0) })
  }

  // MARK: - Sections

  /// Adds sections at the end; traps if one is given twice or is already
  /// in the snapshot.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    insertSections(identifiers, at: sections.count)
  }

  /// Inserts sections just before a section; traps if it is not in the
  /// snapshot.
  public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
    insertSections(identifiers, at: requiredSection(toIdentifier, for: "insertion"))
  }

  /// Inserts sections just after a section; traps if it is not in the
  /// snapshot.
  public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
    insertSections(identifiers, at: requiredSection(toIdentifier, for: "insertion") + 1)
  }

  /// Deletes sections with their items; identifiers not in the snapshot
  /// are ignored.
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    for section in identifiers {
      guard let s = sectionIndex[section] else { continue }
      for item in itemsBySection[s] { sectionOfItem[item] = nil }
      sections.remove(at: s)
      itemsBySection.remove(at: s)
      reindexSections()
    }
  }

  /// Moves a section just before another.
  public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
    moveSection(identifier, relativeTo: toIdentifier, after: false)
  }

  /// Moves a section just after another.
  public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
    moveSection(identifier, relativeTo: toIdentifier, after: true)
  }

  /// Marks sections to be reloaded; traps if one is not in the snapshot.
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    for section in identifiers { _ = requiredSection(section, for: "reload") }
    reloadedSectionIdentifiers.append(contentsOf: identifiers.filter { !reloadedSectionIdentifiers.contains($0) })
  }

  // MARK: - Helpers

  /// The identifiers, trapping with UIKit's message if one is there twice.
  private static func checkedUnique<T: Hashable>(_ identifiers: [T], kind: String) -> [T] {
    var seen = Set<T>()
    var duplicates: [T] = []
    for identifier in identifiers where !seen.insert(identifier).inserted {
      if !duplicates.contains(identifier) { duplicates.append(identifier) }
    }
    if !duplicates.isEmpty {
      let list = duplicates.map { "    \(String(reflecting: $0))" }.joined(separator: ",\n")
      preconditionFailure("Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\n\(list)\n)}")
    }
    return identifiers
  }

  private mutating func removeExisting(_ identifiers: [ItemIdentifierType]) {
    for item in identifiers {
      guard let section = sectionOfItem.removeValue(forKey: item), let s = sectionIndex[section] else { continue }
      if let i = itemsBySection[s].firstIndex(of: item) { itemsBySection[s].remove(at: i) }
    }
  }

  private func requireExisting(_ identifiers: [ItemIdentifierType], for action: String) {
    for item in identifiers where sectionOfItem[item] == nil {
      preconditionFailure("Attempted to \(action) item identifier that does not exist in the snapshot: \(String(reflecting: item))")
    }
  }

  private func requiredSection(_ identifier: SectionIdentifierType, for action: String) -> Int {
    guard let s = sectionIndex[identifier] else {
      preconditionFailure("Invalid section identifier for \(action): \(String(reflecting: identifier)) is not in the snapshot")
    }
    return s
  }

  private mutating func insert(_ identifiers: [ItemIdentifierType], relativeTo anchor: ItemIdentifierType, after: Bool) {
    let items = Self.checkedUnique(identifiers, kind: "item")
    precondition(!items.contains(anchor), "Fatal: an item identifier cannot be inserted relative to itself: \(String(reflecting: anchor))")
    guard sectionOfItem[anchor] != nil else {
      preconditionFailure("Invalid item identifier for insertion: \(String(reflecting: anchor)) is not in the snapshot")
    }
    removeExisting(items)
    let section = sectionOfItem[anchor]!
    let s = sectionIndex[section]!
    let i = itemsBySection[s].firstIndex(of: anchor)! + (after ? 1 : 0)
    itemsBySection[s].insert(contentsOf: items, at: i)
    for item in items { sectionOfItem[item] = section }
  }

  private mutating func move(_ identifier: ItemIdentifierType, relativeTo anchor: ItemIdentifierType, after: Bool) {
    requireExisting([identifier, anchor], for: "move")
    guard identifier != anchor else { return }
    insert([identifier], relativeTo: anchor, after: after)
  }

  private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
    let new = Self.checkedUnique(identifiers, kind: "section")
    let existing = new.filter { sectionIndex[$0] != nil }
    if !existing.isEmpty {
      let list = existing.map { "    \(String(reflecting: $0))" }.joined(separator: ",\n")
      preconditionFailure("Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n\(list)\n)}")
    }
    sections.insert(contentsOf: new, at: index)
    itemsBySection.insert(contentsOf: new.map { _ in [] }, at: index)
    reindexSections()
  }

  private mutating func moveSection(_ identifier: SectionIdentifierType, relativeTo anchor: SectionIdentifierType, after: Bool) {
    let from = requiredSection(identifier, for: "move")
    _ = requiredSection(anchor, for: "move")
    guard identifier != anchor else { return }
    let items = itemsBySection.remove(at: from)
    sections.remove(at: from)
    reindexSections()
    let to = sectionIndex[anchor]! + (after ? 1 : 0)
    sections.insert(identifier, at: to)
    itemsBySection.insert(items, at: to)
    reindexSections()
  }

  private mutating func reindexSections() {
    sectionIndex = [:]
    for (i, section) in sections.enumerated() { sectionIndex[section] = i }
  }
}

extension NSDiffableDataSourceSnapshot: Sendable {}
