extension BatchUpdateSimulator.Replayer {
  /// Checks the section operations and decides where every section after the update comes
  /// from.
  func placeSections() throws(BatchUpdateError) {
    for section in update.deletedSections {
      try checkOldSection(section, "delete section \(section)")
      try claimOldSection(section, as: .deleted)
    }
    for section in update.reloadedSections {
      try checkOldSection(section, "reload section \(section)")
      try claimOldSection(section, as: .reloaded)
    }
    for section in update.insertedSections {
      try checkNewSection(section, "insert section \(section)")
      try claimNewSection(section, as: .inserted)
    }
    for move in update.movedSections {
      let action = "move section \(move.from) to section \(move.to)"
      try checkOldSection(move.from, action)
      try checkNewSection(move.to, action)
      try claimOldSection(move.from, as: .movedOut(to: move.to))
      try claimNewSection(move.to, as: .movedIn(from: move.from))
    }
    try checkSectionCount()
    assignSectionOrigins()
  }

  private func checkOldSection(_ section: Int, _ action: String) throws(BatchUpdateError) {
    guard section >= 0, section < oldSections.count else {
      throw BatchUpdateError(
        rule: .sectionIndexOutOfRange,
        message: "attempt to \(action), but "
          + (section < 0
            ? "a section index cannot be negative"
            : "there are only \(oldSections.count) sections before the update"))
    }
  }

  private func checkNewSection(_ section: Int, _ action: String) throws(BatchUpdateError) {
    guard section >= 0, section < newSections.count else {
      throw BatchUpdateError(
        rule: .sectionIndexOutOfRange,
        message: "attempt to \(action), but "
          + (section < 0
            ? "a section index cannot be negative"
            : "there are only \(newSections.count) sections after the update"))
    }
  }

  /// Records what the batch does to an old section; a second claim breaks a rule.
  private func claimOldSection(
    _ section: Int, as role: BatchUpdateSimulator.OldRole
  ) throws(BatchUpdateError) {
    let previous = oldSectionRoles[section]
    guard case .untouched = previous else {
      throw BatchUpdateSimulator.oldConflict(
        previous, role, level: .section,
        name: "section \(section) (\(describeOldSection(section)))",
        describeNew: { "section \($0)" })
    }
    oldSectionRoles[section] = role
  }

  /// Records what the batch puts at a new section index; a second claim breaks a rule.
  private func claimNewSection(
    _ section: Int, as role: BatchUpdateSimulator.NewRole
  ) throws(BatchUpdateError) {
    let previous = newSectionRoles[section]
    guard case .free = previous else {
      throw BatchUpdateSimulator.newConflict(
        previous, role, level: .section,
        name: "section \(section) (\(describeNewSection(section)))",
        describeOld: { "section \($0) (\(describeOldSection($0)))" })
    }
    newSectionRoles[section] = role
  }

  private func checkSectionCount() throws(BatchUpdateError) {
    let deleted = update.deletedSections.count
    let inserted = update.insertedSections.count
    guard newSections.count == oldSections.count - deleted + inserted else {
      throw BatchUpdateError(
        rule: .sectionCountMismatch,
        message: "Invalid update: invalid number of sections. The number of sections "
          + "contained in the list view after the update (\(newSections.count)) must be equal "
          + "to the number of sections contained in the list view before the update "
          + "(\(oldSections.count)), plus or minus the number of sections inserted or deleted "
          + "(\(inserted) inserted, \(deleted) deleted).")
    }
  }

  /// Fills the new section indexes that no insert or move claims with the old sections
  /// that stay (kept or reloaded), in their old order. The section count rule guarantees
  /// there are exactly as many of them as free indexes.
  private func assignSectionOrigins() {
    sectionOrigins.reserveCapacity(newSections.count)
    var next = 0
    for role in newSectionRoles {
      switch role {
      case .inserted:
        sectionOrigins.append(.inserted)
      case .movedIn(let from):
        sectionOrigins.append(.moved(from: from))
      case .free:
        while !oldSectionRoles[next].staysInPlace { next += 1 }
        if case .reloaded = oldSectionRoles[next] {
          sectionOrigins.append(.reloaded(from: next))
        } else {
          sectionOrigins.append(.kept(from: next))
        }
        next += 1
      }
    }
  }
}
