// diffable-toggles.js — keeps the user's expand/collapse when the server refuses it as
// stale. A disclosure click names the page's seq; when a batch was already on its way, the
// server has moved on and answers `stale`, and without this the click would simply be
// lost. The server answers in order, so by the time the refusal arrives the page has
// applied the batch that made it stale: the intent is sent again against the new state,
// if its row is still there and does not already show it.
// Accepted toggles get no reply (their batch is the answer), so remembered ones are
// forgotten after a while rather than on a reply.

const MEMORY_MS = 10000;
const MAX_TRIES = 3;

export class DiffableToggles {
  // view: the DiffableCollectionView whose outline rows these are.
  constructor(view) {
    this.view = view;
    this.pending = [];
  }

  // A setExpanded the view just sent for `row`.
  sent(row, expanded, tries) {
    const now = performance.now();
    this.pending = this.pending.filter((toggle) => now - toggle.at < MEMORY_MS);
    this.pending.push({ row, id: row.cell ? row.cell.id : null, expanded, seq: this.view.seq, at: now, tries: tries || 0 });
  }

  clear() {
    this.pending = [];
  }

  // The row a toggle was for, where it is now: the same object, or (a reload gives the row
  // a new object) the loaded row with the same item id.
  rowOf(toggle) {
    const view = this.view;
    if (!toggle.row.dead && view.pathOf(toggle.row)) return toggle.row;
    if (toggle.id == null) return null;
    for (const section of view.sections) {
      const row = section.rows.find((r) => r && !r.dead && r.cell && r.cell.id === toggle.id);
      if (row) return row;
    }
    return null;
  }

  wanted(toggle) {
    const row = this.rowOf(toggle);
    const outline = row && row.cell && row.cell.outline;
    if (!outline || !outline.hasChildren) return null;
    return !!outline.isExpanded === toggle.expanded ? null : row;
  }

  // A `stale` refusal of setExpanded for `seq`. Several toggles may have named that seq (a
  // quick double click): the server accepted at most the first that reached it, whose
  // batch the page has applied since, so the refused one is the oldest whose intent the
  // rows do not show yet. Returns true when the intent is kept (sent again, or already
  // shown), false when it cannot be (its row is gone, or it was refused too often).
  refused(seq) {
    const view = this.view;
    const candidates = this.pending.filter((toggle) => toggle.seq === seq);
    if (!candidates.length) return false;
    const toggle = candidates.find((t) => this.wanted(t)) || candidates[0];
    this.pending.splice(this.pending.indexOf(toggle), 1);
    const row = this.wanted(toggle);
    if (!row) return !!this.rowOf(toggle);
    if (toggle.tries >= MAX_TRIES || view.seq === null) return false;
    if (view.seq === seq) {
      // The batch that moved the server on has not come yet: try again once it has.
      const retry = () => {
        view.removeEventListener('batch', retry);
        const again = this.wanted(toggle);
        if (again && view.seq !== null && view.seq !== seq) view.sendToggle(again, toggle.expanded, toggle.tries + 1);
      };
      view.addEventListener('batch', retry);
      return true;
    }
    return view.sendToggle(row, toggle.expanded, toggle.tries + 1);
  }
}
