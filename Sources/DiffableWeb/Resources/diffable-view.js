// diffable-view.js — DiffableCollectionView: one list view of the server, drawn into a
// scrolling element. It keeps the rows of every section as slots (see diffable-model.js),
// creates DOM nodes only for the rows in or near the viewport, asks the server for the
// contents of the rows it is about to show, and applies `structure` and `batch` messages
// with UIKit's placement rules and animations. Input handling lives in diffable-input.js.

import * as M from './diffable-model.js';
import * as L from './diffable-layout.js';
import * as C from './diffable-cells.js';
import * as A from './diffable-animation.js';
import { DiffableToggles } from './diffable-toggles.js';
import { install as installInput } from './diffable-input.js';
import { debug } from './diffable-debug.js';
import { onRendererRegistered } from './diffable-renderers.js';
import { orderChildren } from './diffable-order.js';

const MOVE_MS = A.MOVE_MS;
const reducedMotion = A.reducedMotion;
// Rows get nodes within a quarter of a viewport of the visible area. A render follows the
// scroll event in the same frame, so the margin only has to cover what the compositor
// scrolls in before the page catches up (a frame or two of a fling), and every node in it
// costs at each scroll step and counts against the page's DOM. The server is told about
// (and asked for) rows within one and a half viewports: by the time a row scrolls in, its
// contents are usually there.
const RENDER_MARGIN = 0.25;
const WINDOW_MARGIN = 1.5;
const WINDOW_THROTTLE_MS = 80;
const EVICT_ABOVE = 5000;
const TREE_SIBLINGS_LIMIT = 5000;

let nextRowKey = 1;

// Every render writes each shown row's attributes, and almost all of them already hold
// those values; a write that changes nothing still costs a mutation record and, with an
// assistive technology attached, an accessibility update. So only changes are written.
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// What a section's rows are to assistive technologies: a compositional grid's cells, an
// outline's treeitems, a sideways row's options, and otherwise (a list) a grid's rows.
function sectionRole(section, geometry) {
  if (geometry.kind === 'grid') return 'grid';
  if (section.tree) return 'tree';
  return geometry.kind === 'row' ? 'listbox' : 'grid';
}
const ROW_ROLES = { tree: 'treeitem', listbox: 'option' };
function rowRole(section, geometry) {
  if (geometry.kind === 'grid') return 'gridcell';
  return ROW_ROLES[sectionRole(section, geometry)] || 'row';
}

export class DiffableCollectionView extends EventTarget {
  // element: the scrolling container (give it a height in CSS). connection: a
  // DiffableConnection. name: the server's name for this list view.
  // options: {editing, assetBase, indentPerLevel, rowHeight(sectionInfo) -> px | null,
  //           animations: boolean, label, sectionLabel}
  //
  // Names for assistive technologies come from the page, never from the server's
  // identifiers: the view is a group named by the element's own aria-label or
  // aria-labelledby, else by `label`. Each section (a grid of rows for a list, a tree for
  // an outline, a listbox for a sideways row, a grid of cells for a grid) is named by its
  // header when it shows one, else by `sectionLabel` (an object keyed by section id, or a
  // function (sectionInfo, index) -> string), else by the view's name (and its position,
  // when the view has several sections).
  constructor(element, connection, name, options) {
    super();
    this.element = element;
    this.connection = connection;
    this.name = name;
    this.options = Object.assign({ editing: false, assetBase: '/images/', indentPerLevel: 20, animations: true }, options || {});
    this.editing = !!this.options.editing;
    this.idPrefix = 'dcv-' + String(name).replace(/[^A-Za-z0-9_-]/g, '_') + '-';
    this.seq = null;
    // The seq reached before the connection dropped, while it is down (handleDisconnect).
    this.resumeSeq = null;
    this.reorderUnanswered = false;
    this.sections = [];
    this.layout = null;
    this.rendered = new Set();
    this.selected = new Set();
    this.focusRow = null;
    this.focusPath = [0, 0];
    this.openSwipe = null;
    this.highlightRow = null;
    this.drag = null;
    this.learned = new Map();
    this.materialized = 0;
    this.batchCount = 0;
    this.lingerUntil = 0;
    this.lastWindow = '';
    this.lastSync = 0;
    this.syncScheduled = false;
    this.syncWanted = false;
    this.renderScheduled = false;
    this.seen = null;
    this.contentHeight = 0;
    this.lastApplied = null;
    this.rtl = false;
    this.toggles = new DiffableToggles(this);

    element.classList.add('dcv');
    element.setAttribute('data-view', name);
    // A generic element becomes a group (so that its name counts); one with a role of its
    // own, or a landmark such as <nav> or <section>, keeps it.
    if (!element.hasAttribute('role') && (element.localName === 'div' || element.localName === 'span')) {
      element.setAttribute('role', 'group');
    }
    if (!element.hasAttribute('aria-label') && !element.hasAttribute('aria-labelledby') && this.options.label) {
      element.setAttribute('aria-label', this.options.label);
    }
    this.content = document.createElement('div');
    this.content.className = 'dcv-content-area';
    // The status line comes first and sticks to the top: it says what the view is waiting
    // for while there is nothing to show.
    this.status = document.createElement('div');
    this.status.className = 'dcv-status';
    this.status.setAttribute('role', 'status');
    this.statusText = document.createElement('span');
    this.status.appendChild(this.statusText);
    element.appendChild(this.status);
    this.setStatus('Connecting…');
    element.appendChild(this.content);

    // Every render schedules a (throttled) sync with the server, so scrolling needs nothing else.
    element.addEventListener('scroll', () => this.scrolled(), { passive: true });
    if (typeof ResizeObserver === 'function') {
      let lastWidth = -1;
      new ResizeObserver(() => {
        this.seen = null;
        const width = element.clientWidth;
        if (width !== lastWidth) {
          lastWidth = width;
          this.relayout();
        }
        this.scheduleRender();
      }).observe(element);
    }
    installInput(this);
    onRendererRegistered((renderer) => this.rendererRegistered(renderer));
    debug.views[name] = this;
    if (connection) connection.register(this);
  }

  // --- public API -----------------------------------------------------------------------

  // The line shown over the view while it waits for the server ('' hides it).
  setStatus(text) {
    this.statusText.textContent = text;
    this.status.hidden = !text;
  }

  setEditing(editing) {
    this.editing = !!editing;
    this.element.classList.toggle('dcv-editing', this.editing);
    for (const section of this.sections) section.headerKey = null;
    this.render();
  }

  // The index path of the focused row, or null.
  get focusedIndexPath() {
    return this.focusRow ? this.pathOf(this.focusRow) : null;
  }

  // Index paths of selected rows the page knows about.
  get selectedIndexPaths() {
    return Array.from(this.selected, (row) => this.pathOf(row)).filter(Boolean);
  }

  // What the view holds, as JSON-safe data: sections, and the rows that have nodes.
  debugSnapshot() {
    const rendered = [];
    for (const row of this.rendered) {
      if (!row.el || !row.el.isConnected || row.dead) continue;
      const path = this.pathOf(row);
      if (path) rendered.push({ indexPath: path, id: row.cell ? row.cell.id : null, selected: this.selected.has(row) });
    }
    rendered.sort((a, b) => a.indexPath[0] - b.indexPath[0] || a.indexPath[1] - b.indexPath[1]);
    return {
      name: this.name,
      seq: this.seq,
      editing: this.editing,
      focused: this.focusedIndexPath,
      selected: this.selectedIndexPaths,
      lastApplied: this.lastApplied,
      sections: this.sections.map((section, s) => {
        const layout = section.info.layout || {};
        const geometry = this.layout && this.layout.sections[s];
        return {
          id: section.id,
          count: section.rows.length,
          layout: layout.kind || 'list',
          appearance: layout.list ? layout.list.appearance : null,
          rowHeight: geometry && geometry.kind === 'list' ? geometry.rowHeight : geometry ? geometry.itemHeight : null,
          tree: section.tree,
          header: section.info.header && section.info.header.content ? section.info.header.content.text || null : null,
        };
      }),
      rendered,
    };
  }

  // The cell JSON the page holds for an index path (null when not loaded).
  cellAt(path) {
    const section = this.sections[path[0]];
    const row = section && section.rows[path[1]];
    return row ? row.cell : null;
  }

  // --- messages from the server --------------------------------------------------------

  handleMessage(message) {
    switch (message.type) {
      case 'structure': return this.applyStructure(message);
      case 'batch': return this.applyBatch(message);
      case 'cells': return this.applyCells(message);
      default: return undefined;
    }
  }

  // The connection closed: nothing the user does reaches the server until the session is
  // back, so the view takes no input (seq null) but keeps everything it shows, and the seq
  // it reached, for a resume (Docs/WebProtocol.md, "Sessions").
  handleDisconnect() {
    if (this.seq !== null) this.resumeSeq = this.seq;
    this.seq = null;
    this.toggles.clear();
    this.setStatus('Disconnected');
    this.element.classList.add('dcv-disconnected');
    for (const row of this.rendered) this.refreshCustom(row, false);
  }

  // The seq of the last structure or batch applied in this session (the connection
  // presents it to resume), or null.
  resumePoint() {
    return this.seq !== null ? this.seq : this.resumeSeq;
  }

  // A new session: its structure replaces everything.
  handleConnect() {
    this.resumeSeq = null;
    this.element.classList.remove('dcv-disconnected');
    this.setStatus('Loading…');
  }

  // The session came back (resumed). 'current': the page has every batch; 'replay': the
  // batches it missed follow; 'resync': one batch from its state to now follows, and the
  // contents of rows it holds may be out of date; 'restart': a structure follows. In every
  // case but the last, the rows keep their nodes, and selection, focus, editing and scroll
  // stay as they are: nothing here is rebuilt.
  handleResume(mode) {
    if (mode === 'restart' || this.resumeSeq == null) {
      this.handleConnect();
      return;
    }
    this.seq = this.resumeSeq;
    this.resumeSeq = null;
    this.element.classList.remove('dcv-disconnected');
    this.setStatus('');
    const stale = mode === 'resync';
    for (const section of this.sections) {
      for (const row of section.rows) {
        if (!row) continue;
        // Requests that were on the wire when it dropped got no reply: ask again.
        row.requestedSeq = -1;
        if (stale && row.cell) row.stale = true;
      }
    }
    for (const row of this.rendered) this.refreshCustom(row, false);
    if (this.reorderUnanswered) {
      // A move the server may never have seen: the rows may disagree with it in ways no
      // count reveals, so the page asks for the structure (the one rebuild, and a rare one).
      this.reorderUnanswered = false;
      this.send('mismatch', { reason: 'a reorder was unanswered when the connection dropped' });
    }
    this.render();
    // A replay's or a resync's batch reports the window once applied; a current view does now.
    if (mode === 'current') this.sync(true);
  }

  applyStructure(message) {
    this.viewport();
    this.cancelDrag();
    this.closeSwipe();
    const hadFocus = this.hasFocus();
    for (const section of this.sections) if (section.el) section.el.remove();
    this.content.textContent = '';
    this.rendered.clear();
    this.selected.clear();
    this.focusRow = null;
    this.materialized = 0;
    this.seq = message.seq;
    this.resumeSeq = null;
    this.reorderUnanswered = false;
    this.sections = message.sections.map((info) => this.makeSection(info, new Array(info.count).fill(null)));
    this.lastWindow = '';
    this.element.classList.remove('dcv-disconnected');
    this.setStatus('');
    debug.stats.structures++;
    this.relayout();
    this.render();
    if (hadFocus && this.focusRow && this.focusRow.el) this.focusRow.el.focus({ preventScroll: true });
    this.sync(true);
    this.dispatchEvent(new CustomEvent('structure', { detail: { seq: this.seq, sections: message.sections } }));
  }

  applyCells(message) {
    debug.stats.cellsMessages++;
    if (message.seq !== this.seq) {
      // Index paths of an older state: they may name other rows now. Ask again.
      debug.stats.staleCells++;
      this.scheduleSync();
      return;
    }
    this.viewport();
    let relayout = false;
    const delivered = new Set();
    const trees = new Set();
    for (const entry of message.cells) {
      const [s, i] = entry.indexPath;
      const section = this.sections[s];
      if (!section || i >= section.rows.length) {
        console.warn('[diffable] cells for a row that does not exist:', M.pathText(entry.indexPath));
        continue;
      }
      const row = this.ensureRow(s, i);
      relayout = this.setCell(row, s, i, entry.cell) || relayout;
      delivered.add(row);
      if (section.tree) trees.add(section);
    }
    for (const section of trees) this.inferExpansion(section, delivered);
    if (relayout) this.relayoutKeepingScroll();
    this.render();
  }

  applyBatch(message) {
    if (this.seq === null) {
      return this.reportMismatch(message, 'the page has no structure for this view yet');
    }
    if (message.seq !== this.seq + 1) {
      return this.reportMismatch(message, 'batch seq ' + message.seq + ' does not follow the page\'s seq ' + this.seq);
    }
    const placing = performance.now();
    const result = M.placeBatch(
      this.sections.map((s) => ({ rows: s.rows, spare: s.spare })), message.update,
      message.sections.map((s) => s.count), () => this.newRow());
    if (!result.ok) return this.reportMismatch(message, result.reason);
    const started = performance.now();
    const placeMs = Math.round((started - placing) * 10) / 10;
    // Read before the first write: every later read in this batch comes from it, so the
    // batch forces no layout of its own.
    this.viewport();

    this.cancelDrag();
    const animated = !!message.animated && this.options.animations !== false && !reducedMotion();
    const hadFocus = this.hasFocus();
    const first = animated ? this.measure() : null;
    const focusBefore = this.focusRow ? this.pathOf(this.focusRow) : null;

    // Commit the new sections; sections that survive keep their state and element.
    const oldSections = this.sections;
    const reused = new Set();
    const sections = result.sections.map((placed, j) => {
      const info = message.sections[j];
      if (placed.origin === 'kept' || placed.origin === 'moved') {
        const section = oldSections[placed.from];
        reused.add(section);
        this.updateSectionInfo(section, info);
        // The rows it replaces are the array the next batch writes into (placeBatch).
        if (placed.rows !== section.rows) {
          section.spare = section.rows;
          section.rows = placed.rows;
        }
        return section;
      }
      return this.makeSection(info, placed.rows, placed.origin);
    });
    for (const section of oldSections) {
      if (reused.has(section) || !section.el) continue;
      this.ghost(section.el, animated);
      for (const row of section.rows) if (row && row.el) this.forgetNode(row);
    }
    let focusLost = false;
    for (const { row } of result.removed) {
      row.dead = true;
      this.selected.delete(row);
      if (row === this.focusRow) focusLost = true;
      if (this.openSwipe && this.openSwipe.row === row) this.openSwipe = null;
      if (row.el) {
        const el = row.el;
        this.forgetNode(row);
        if (el.isConnected) this.ghost(el, animated);
      }
    }
    for (const { oldRow, row } of result.reloaded) {
      row.fresh = true;
      if (oldRow && oldRow.cell && oldRow.selected) this.selected.add(row);
    }
    this.sections = sections;
    this.seq = message.seq;
    this.batchCount++;
    // New sections fade in as a whole (their element is made by relayout, below).
    for (const section of sections) section.fresh = animated && section.origin !== 'kept';

    // Contents the batch brought, then reconfigures whose contents are still to come.
    const delivered = new Set();
    for (const entry of message.cells) {
      const [s, i] = entry.indexPath;
      if (!sections[s] || i >= sections[s].rows.length) continue;
      const row = this.ensureRow(s, i);
      this.setCell(row, s, i, entry.cell);
      delivered.add(row);
    }
    for (const { row } of result.reconfigured) {
      if (!delivered.has(row)) row.stale = true; // keeps showing its old contents until then
    }
    for (const section of sections) if (section.tree) this.inferExpansion(section, delivered);
    this.relayout();

    // Rows inserted where the user can see them fade in.
    const ranges = this.renderRanges();
    const freshRange = (s, i) => ranges[s] && i >= ranges[s][0] && i < ranges[s][1];
    for (const [s, i] of message.update.insertedItems) if (freshRange(s, i)) this.ensureRow(s, i).fresh = true;
    for (const section of sections) section.origin = 'kept';

    if (focusLost || !this.focusRow) {
      this.focusRow = null;
      if (focusBefore) this.focusPath = focusBefore;
    }
    // Rows on screen before an animated batch stay until their slide ends, wherever they
    // went, and so do rows still sliding from an earlier one (render keeps them while
    // `lingerUntil` lasts, so they must be placed anew). Otherwise they go now: kept, the rows
    // a 1% batch pushed out of view (a dozen at 100,000 rows) were each placed, restyled and
    // laid out, to be dropped by the next render; and finding them scanned every row.
    const lingering = animated || performance.now() < this.lingerUntil;
    const located = lingering ? this.locate(new Set(this.rendered)) : null;
    if (animated) this.lingerUntil = performance.now() + MOVE_MS + 30;
    this.render({ located, animated });
    if (animated) this.play(first);
    if (hadFocus && !this.hasFocus() && this.focusRow && this.focusRow.el) this.focusRow.el.focus({ preventScroll: true });
    for (const section of sections) section.fresh = false;
    if (animated) setTimeout(() => this.scheduleRender(), MOVE_MS + 60);

    this.send('ack', {});
    debug.stats.batchesApplied++;
    const summary = this.summarize(message, result);
    this.lastApplied = summary;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    debug.lastBatch = { view: this.name, seq: message.seq, animated: !!message.animated, update: message.update,
      result: 'ack', summary, ms, placeMs };
    this.sync(true);
    this.dispatchEvent(new CustomEvent('batch', { detail: { seq: message.seq, animated: !!message.animated, update: message.update, summary, result: 'ack' } }));
    return undefined;
  }

  reportMismatch(message, reason) {
    console.warn('[diffable] ' + this.name + ': batch ' + message.seq + ' does not fit: ' + reason);
    debug.stats.mismatches++;
    // The message carries the batch's seq (the doc's example); the server answers with a
    // structure, which replaces everything, so the page keeps its old rows until then.
    this.send('mismatch', { reason }, message.seq);
    const summary = 'seq ' + message.seq + ': mismatch — ' + reason;
    this.lastApplied = summary;
    debug.lastBatch = { view: this.name, seq: message.seq, animated: !!message.animated, update: message.update, result: 'mismatch', reason, summary };
    this.dispatchEvent(new CustomEvent('batch', { detail: { seq: message.seq, update: message.update, summary, result: 'mismatch', reason } }));
  }

  summarize(message, result) {
    const u = message.update;
    const parts = [];
    const add = (n, word) => { if (n) parts.push(n + ' ' + word); };
    add(u.deletedSections.length, 'sections deleted');
    add(u.insertedSections.length, 'sections inserted');
    add(u.reloadedSections.length, 'sections reloaded');
    add(u.movedSections.length, 'sections moved');
    add(u.deletedItems.length, 'deleted');
    add(u.insertedItems.length, 'inserted');
    add(u.reloadedItems.length, 'reloaded');
    add(u.movedItems.length, 'moved');
    add(u.reconfiguredItems.length, 'reconfigured');
    const counts = message.sections.map((s) => s.count).join(' / ');
    return 'seq ' + message.seq + (message.animated ? ' (animated)' : '') + ': ' +
      (parts.join(', ') || 'no changes') + ' → rows ' + counts + ', ' +
      result.removed.length + ' loaded rows left, ' + message.cells.length + ' cells came along; ack';
  }

  // --- messages to the server ---------------------------------------------------------

  send(type, fields, seq) {
    if (!this.connection || (seq === undefined && this.seq === null)) return false;
    const message = Object.assign({ v: M.PROTOCOL_VERSION, type, view: this.name, seq: seq === undefined ? this.seq : seq }, fields);
    return this.connection.send(message);
  }

  requestCells(paths, barrier) {
    if (!paths.length) return;
    for (const part of M.chunk(paths, 1000)) {
      debug.stats.cellRequests++;
      this.connection.sendCellsRequest(this, { v: M.PROTOCOL_VERSION, type: 'cells', view: this.name, seq: this.seq, indexPaths: part }, barrier);
      barrier = null; // one reply is enough to learn that a reorder went through
    }
  }

  // --- sections and rows --------------------------------------------------------------

  makeSection(info, rows, origin) {
    const learned = this.learned.get(String(info.id)) || {};
    const section = {
      info, rows, spare: null, origin: origin || 'kept',
      id: String(info.id),
      rowHeight: learned.rowHeight || 0,
      tree: !!learned.tree,
      el: null, headerEl: null, itemsEl: null, items: null, scroller: null, scrollContent: null, lines: new Map(),
      headerKey: null, levels: null,
    };
    section.rowHeight = this.chosenRowHeight(section) || section.rowHeight;
    return section;
  }

  updateSectionInfo(section, info) {
    const layoutChanged = JSON.stringify(section.info.layout) !== JSON.stringify(info.layout);
    section.info = info;
    section.id = String(info.id);
    section.headerKey = null;
    if (layoutChanged && section.el) {
      section.el.remove();
      section.el = section.headerEl = section.scroller = section.scrollContent = section.itemsEl = section.items = null;
      section.lines = new Map();
      for (const row of section.rows) if (row && row.el) this.forgetNode(row);
    }
  }

  chosenRowHeight(section) {
    if (typeof this.options.rowHeight === 'function') {
      const height = this.options.rowHeight(section.info);
      if (height > 0) return height;
    }
    return 0;
  }

  newRow() {
    this.materialized++;
    return { key: nextRowKey++, cell: null, el: null, stale: false, requestedSeq: -1, s: -1, i: -1, fresh: false, dead: false, selected: false, shown: null };
  }

  ensureRow(s, i) {
    const rows = this.sections[s].rows;
    return rows[i] || (rows[i] = this.newRow());
  }

  // The row's index path now, or null when it left. Rendered rows know theirs; any other
  // is looked up (once per call, linear in the rows).
  pathOf(row) {
    const section = this.sections[row.s];
    if (section && section.rows[row.i] === row) return [row.s, row.i];
    for (let s = 0; s < this.sections.length; s++) {
      const i = this.sections[s].rows.indexOf(row);
      if (i >= 0) {
        row.s = s;
        row.i = i;
        return [s, i];
      }
    }
    return null;
  }

  // Index paths of many rows in one pass over all slots.
  locate(rows) {
    const found = new Map();
    if (!rows.size) return found;
    for (let s = 0; s < this.sections.length; s++) {
      const list = this.sections[s].rows;
      for (let i = 0; i < list.length; i++) {
        const row = list[i];
        if (row && rows.has(row)) {
          found.set(row, [s, i]);
          if (found.size === rows.size) return found;
        }
      }
    }
    return found;
  }

  // Takes a cell's contents. Returns true when what the section learned from it changes
  // its geometry (a taller row style, say), so the caller relayouts.
  setCell(row, s, i, cell) {
    row.cell = cell;
    row.stale = false;
    row.shown = null;
    if (typeof cell.selected === 'boolean') {
      row.selected = cell.selected;
      if (cell.selected) this.selected.add(row);
      else this.selected.delete(row);
    }
    const section = this.sections[s];
    section.levels = null;
    let changed = false;
    const learned = this.learned.get(section.id) || {};
    if (cell.outline && !section.tree) {
      section.tree = learned.tree = true;
      if (this.layout && this.layout.sections[s]) this.applyItemsRole(section, this.layout.sections[s]);
    }
    const layout = section.info.layout;
    const headerItem = layout && layout.kind === 'list' && layout.list && layout.list.headerMode === 'firstItemInSection' && i === 0;
    if ((!layout || layout.kind === 'list') && !headerItem && !learned.rowHeight && !this.chosenRowHeight(section)) {
      learned.rowHeight = L.preferredListRowHeight(cell);
      if (learned.rowHeight !== (section.rowHeight || L.DEFAULT_ROW_HEIGHT)) changed = true;
      section.rowHeight = learned.rowHeight;
    }
    this.learned.set(section.id, learned);
    return changed;
  }

  // --- layout ----------------------------------------------------------------------------

  width() {
    return this.viewport().width;
  }

  relayout() {
    const infos = this.sections.map((s) => ({
      count: s.rows.length, layout: s.info.layout, header: s.info.header, rowHeight: s.rowHeight,
    }));
    this.layout = L.computeLayout(infos, this.width());
    const seen = this.seen;
    if (seen) {
      // Content shorter than what is scrolled past plus what shows makes the browser pull
      // scrollTop back at its next layout. The reading follows: reading it again would
      // force that layout now.
      seen.top = Math.max(0, Math.min(seen.top, seen.overhang + this.layout.height - seen.height));
    }
    this.contentHeight = this.layout.height;
    this.content.style.height = this.layout.height + 'px';
    this.sections.forEach((section, s) => this.placeSection(section, this.layout.sections[s]));
  }

  // Relayout without moving what the user looks at: the first visible row stays put.
  relayoutKeepingScroll() {
    const anchor = this.anchor();
    this.relayout();
    if (!anchor) return;
    const geometry = this.layout.sections[anchor.s];
    if (!geometry) return;
    const rect = L.itemRect(geometry, Math.min(anchor.i, Math.max(0, geometry.count - 1)), this.layout.width);
    this.scrollTo(geometry.top + rect.y - anchor.offset);
  }

  anchor() {
    if (!this.layout) return null;
    const top = this.viewport().top;
    if (top <= 0) return null;
    for (const geometry of this.layout.sections) {
      if (geometry.top + geometry.height <= top || geometry.kind !== 'list') continue;
      const [a] = L.itemRange(geometry, top, top + 1, 0, 0);
      const rect = L.itemRect(geometry, a, this.layout.width);
      return { s: geometry.index, i: a, offset: geometry.top + rect.y - top };
    }
    return null;
  }

  // What the scroller shows: {top, height, width, rtl} and each sideways row's scrollLeft,
  // read at most once a frame. Reading scrollTop or clientHeight after the view wrote styles
  // forces a synchronous style and layout, and a batch (relayout, ranges, render, sync)
  // would pay for one at each read; between frames only a scroll, a resize or the view's
  // own scrolling changes these, and each of them drops the reading (relayout corrects it
  // for content that got shorter).
  viewport() {
    if (this.seen) return this.seen;
    const el = this.element;
    const seen = {
      top: el.scrollTop,
      height: el.clientHeight || 600,
      // What the scroller holds beyond the content area (its padding, say).
      overhang: el.scrollHeight - this.contentHeight,
      width: el.clientWidth || 360,
      rtl: getComputedStyle(el).direction === 'rtl',
      left: new Map(),
    };
    for (const section of this.sections) if (section.scroller) seen.left.set(section.scroller, section.scroller.scrollLeft);
    this.seen = seen;
    debug.stats.viewportReads++;
    requestAnimationFrame(() => {
      if (this.seen === seen) this.seen = null;
    });
    return seen;
  }

  scrolled() {
    this.seen = null;
    this.scheduleRender();
  }

  // The view's own scrolling: the browser clamps the offset, so it is read again.
  scrollTo(top) {
    this.element.scrollTop = top;
    this.seen = null;
  }

  // The item range of every section that gets nodes now: [start, end) per section index.
  renderRanges(margin) {
    const { top, height, left: lefts } = this.viewport();
    const m = (margin === undefined ? RENDER_MARGIN : margin) * height;
    const width = this.layout.width;
    return this.layout.sections.map((geometry, s) => {
      const section = this.sections[s];
      let x0 = 0;
      let x1 = 0;
      if (geometry.kind === 'row') {
        // A scroller made since the reading has not scrolled yet.
        const left = (section.scroller && lefts.get(section.scroller)) || 0;
        x0 = left - width * (margin === undefined ? RENDER_MARGIN : margin);
        x1 = left + width * (1 + (margin === undefined ? RENDER_MARGIN : margin));
      }
      return L.itemRange(geometry, top - m, top + height + m, x0, x1);
    });
  }

  placeSection(section, geometry) {
    if (!section.el) this.createSectionElement(section, geometry);
    const el = section.el;
    el.style.top = geometry.top + 'px';
    el.style.height = geometry.height + 'px';
    const layout = section.info.layout || { kind: 'list', list: {} };
    const appearance = geometry.kind === 'list' ? geometry.appearance : null;
    el.className = 'dcv-section dcv-section-' + geometry.kind + (appearance ? ' dcv-appearance-' + appearance : '') +
      (geometry.separators ? ' dcv-separators' : '') + (section.tree ? ' dcv-tree' : '');
    el.setAttribute('data-section-id', section.id);
    if (geometry.kind === 'row' && !section.scroller) this.createRowScroller(section);
    const items = geometry.kind === 'row' ? section.scrollContent : section.itemsEl;
    section.items = items;
    this.applyItemsRole(section, geometry);
    const header = section.info.header;
    const showsHeader = geometry.kind === 'list' ? geometry.hasHeader : geometry.headerHeight > 0;
    const headerKey = showsHeader ? JSON.stringify(header) + this.editing : '';
    if (headerKey !== section.headerKey) {
      section.headerKey = headerKey;
      if (showsHeader) {
        if (!section.headerEl) {
          section.headerEl = document.createElement('div');
          section.headerEl.className = 'dcv-header';
          section.headerEl.setAttribute('role', 'heading');
          section.headerEl.setAttribute('aria-level', '2');
          section.headerEl.id = this.idPrefix + 'header-' + (nextRowKey++);
          el.insertBefore(section.headerEl, el.firstChild);
        }
        C.fillHeader(section.headerEl, header, this.cellOptions(null));
      } else {
        if (section.headerEl) section.headerEl.remove();
        section.headerEl = null;
      }
    }
    if (section.headerEl) {
      items.setAttribute('aria-labelledby', section.headerEl.id);
      items.removeAttribute('aria-label');
    } else {
      items.removeAttribute('aria-labelledby');
      items.setAttribute('aria-label', this.sectionName(section));
    }
    if (section.headerEl) {
      section.headerEl.style.height = geometry.headerHeight + 'px';
      section.headerEl.classList.toggle('dcv-header-padded', !!(layout.list && layout.list.headerTopPadding > 0));
    }
    if (geometry.kind === 'row') {
      const name = section.headerEl ? section.headerEl.textContent.trim() : this.sectionName(section);
      section.scroller.setAttribute('aria-label', (name ? name + ', ' : '') + 'scrolls sideways');
      section.scroller.style.top = geometry.headerHeight + 'px';
      section.scroller.style.height = geometry.rowBandHeight + 'px';
      section.scroller.setAttribute('data-scrolling', geometry.scrolling);
      // Snapping aligns items with the content insets, not with the scroller's edge.
      section.scroller.style.scrollPaddingInline = geometry.pad.leading + 'px ' + geometry.pad.trailing + 'px';
      section.scrollContent.style.width = geometry.scrollWidth + 'px';
      section.scrollContent.style.height = geometry.rowBandHeight + 'px';
    }
  }

  // The rows' container carries the role, so the grid (tree, listbox) owns only its rows;
  // the header beside it is a heading that names it. A list is a one-column grid of rows
  // rather than a listbox of options: an option's contents are presentational, so the
  // buttons of open swipe actions could not live in it, while a row owns cells and a cell
  // may hold controls. Only rows near the viewport have nodes, so a grid says how many rows
  // it has in all (aria-rowcount) and each row where it sits (aria-rowindex).
  applyItemsRole(section, geometry) {
    const items = section.items;
    if (!items) return;
    const role = sectionRole(section, geometry);
    if (items.getAttribute('role') !== role) items.setAttribute('role', role);
    if (role === 'listbox') items.setAttribute('aria-orientation', 'horizontal');
    else items.removeAttribute('aria-orientation');
    if (role === 'grid') {
      const grid = geometry.kind === 'grid';
      items.setAttribute('aria-rowcount', String(grid ? geometry.lines : section.rows.length));
      items.setAttribute('aria-colcount', String(grid ? geometry.columns : 1));
    } else {
      items.removeAttribute('aria-rowcount');
      items.removeAttribute('aria-colcount');
    }
  }

  // A section's accessible name when it shows no header (see the constructor).
  sectionName(section) {
    const index = this.sections.indexOf(section);
    const given = this.options.sectionLabel;
    let name = typeof given === 'function' ? given(section.info, index) : given && typeof given === 'object' ? given[section.id] : null;
    if (typeof name === 'string' && name.trim()) return name.trim();
    const view = this.accessibleName();
    const several = this.sections.length > 1;
    if (!view) return 'Section ' + (index + 1) + (several ? ' of ' + this.sections.length : '');
    return several ? view + ', section ' + (index + 1) + ' of ' + this.sections.length : view;
  }

  // The view's own name, as the page gave it (aria-label, aria-labelledby or `label`).
  accessibleName() {
    const label = this.element.getAttribute('aria-label');
    if (label && label.trim()) return label.trim();
    const ids = (this.element.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    const text = ids.map((id) => document.getElementById(id)).filter(Boolean).map((el) => el.textContent.trim()).join(' ');
    return text || (this.options.label ? String(this.options.label) : '');
  }

  createRowScroller(section) {
    section.scroller = document.createElement('div');
    section.scroller.className = 'dcv-hscroll';
    // Keys scroll the row by moving focus through its items. While the view's tab stop
    // (its focused row) is elsewhere, the scroller is a tab stop of its own, so the
    // keyboard can scroll it as a browser lets it scroll any scroller (updateScrollerStops).
    section.scroller.tabIndex = -1;
    section.scroller.setAttribute('role', 'group');
    section.scrollContent = document.createElement('div');
    section.scrollContent.className = 'dcv-hcontent';
    section.scroller.appendChild(section.scrollContent);
    section.el.appendChild(section.scroller);
    section.scroller.addEventListener('scroll', () => this.scrolled(), { passive: true });
    section.itemsEl.remove();
  }

  createSectionElement(section) {
    const el = document.createElement('div');
    el.className = 'dcv-section';
    section.el = el;
    section.itemsEl = document.createElement('div');
    section.itemsEl.className = 'dcv-items';
    el.appendChild(section.itemsEl);
    // Sections stay in index order in the DOM, so reading order follows the screen.
    const index = this.sections.indexOf(section);
    const after = this.sections.slice(index + 1).find((s) => s.el && s.el.parentNode === this.content);
    this.content.insertBefore(el, after ? after.el : null);
    if (section.fresh && this.options.animations !== false && !reducedMotion()) A.fadeIn(el);
  }

  // --- rendering ---------------------------------------------------------------------------

  scheduleRender() {
    if (this.renderScheduled) return;
    this.renderScheduled = true;
    requestAnimationFrame(() => {
      this.renderScheduled = false;
      this.render();
    });
  }

  // Puts a node on every row in the render range (plus the focused, dragged and swiped
  // rows wherever they are) and takes nodes off every other row. `located` (index paths of
  // rows rendered before an animated batch) keeps those rows on screen while they slide
  // away.
  render(opts) {
    if (!this.layout) return;
    const located = opts && opts.located;
    debug.stats.renders++;
    this.rtl = this.viewport().rtl;
    this.fixSectionOrder();
    this.ensureFocusRow();
    const ranges = this.renderRanges();
    const desired = new Map();
    ranges.forEach((range, s) => {
      for (let i = range[0]; i < range[1]; i++) desired.set(this.ensureRow(s, i), [s, i]);
      // A section scrolled far away keeps its first row: assistive technologies still find
      // its grid (tree, listbox), its name and its size, and none is ever left empty.
      if (range[1] <= range[0] && this.sections[s].rows.length) desired.set(this.ensureRow(s, 0), [s, 0]);
    });
    const keep = (row) => {
      if (!row || desired.has(row)) return;
      const path = (located && located.get(row)) || this.pathOf(row);
      if (path) desired.set(row, path);
    };
    keep(this.focusRow);
    if (this.drag) keep(this.drag.row);
    if (this.openSwipe) keep(this.openSwipe.row);
    const lingering = performance.now() < this.lingerUntil;
    if (located) {
      for (const [row, path] of located) if (!desired.has(row)) desired.set(row, path);
    }
    for (const row of Array.from(this.rendered)) {
      if (desired.has(row)) continue;
      if (lingering && !row.dead && row.el && row.el.isConnected && row.s >= 0) continue;
      this.removeNode(row);
    }
    const animateIn = opts && opts.animated;
    const focusInside = this.hasFocus();
    let focusedMoved = false;
    for (const [row, path] of desired) {
      if (this.placeRow(row, path[0], path[1], animateIn) && focusInside && row === this.focusRow) focusedMoved = true;
    }
    this.orderNodes(desired);
    this.updateGridLines();
    this.updateScrollerStops();
    if (focusedMoved && this.focusRow && this.focusRow.el && document.activeElement !== this.focusRow.el &&
        !this.focusRow.el.contains(document.activeElement)) {
      this.focusRow.el.focus({ preventScroll: true });
    }
    this.scheduleSync();
  }

  // Section elements follow the sections' order (a section move changes it).
  fixSectionOrder() {
    let previous = null;
    for (const section of this.sections) {
      if (!section.el) continue;
      if (previous && previous.nextSibling !== section.el && (previous.compareDocumentPosition(section.el) & Node.DOCUMENT_POSITION_PRECEDING)) {
        this.content.insertBefore(section.el, previous.nextSibling);
      }
      previous = section.el;
    }
  }

  ensureFocusRow() {
    if (this.focusRow && !this.focusRow.dead && this.pathOf(this.focusRow)) return;
    this.focusRow = null;
    if (!this.sections.length) return;
    let [s, i] = this.focusPath;
    s = Math.min(s, this.sections.length - 1);
    // The nearest section at or after s (else before) that has rows.
    let target = -1;
    for (let k = s; k < this.sections.length; k++) if (this.sections[k].rows.length) { target = k; break; }
    if (target < 0) for (let k = s; k >= 0; k--) if (this.sections[k].rows.length) { target = k; break; }
    if (target < 0) return;
    if (target !== s) i = target > s ? 0 : this.sections[target].rows.length - 1;
    i = Math.max(0, Math.min(i, this.sections[target].rows.length - 1));
    this.focusRow = this.ensureRow(target, i);
    this.focusPath = [target, i];
  }

  cellOptions(row) {
    const cell = row && row.cell;
    const outline = cell && cell.outline;
    return {
      editing: this.editing,
      assetBase: this.options.assetBase,
      indent: outline && outline.level > 0 ? outline.level * this.options.indentPerLevel : 0,
      expanded: !!(outline && outline.isExpanded),
      imageTint: 'tint',
      // A header's state, for a custom renderer: only editing and the connection change it.
      state: row ? null : { selected: false, highlighted: false, editing: this.editing, expanded: false, swiped: false, focused: false, disabled: this.seq === null },
    };
  }

  // --- custom content configurations (diffable-renderers.js) -------------------------------

  // The row's state as UIKit's UICellConfigurationState has it, as far as the page knows:
  // disabled while the view has no session (nothing the user does reaches the server).
  customState(row) {
    const outline = row.cell && row.cell.outline;
    return {
      selected: this.selected.has(row),
      highlighted: this.highlightRow === row,
      editing: this.editing,
      expanded: !!(outline && outline.isExpanded),
      swiped: !!(this.openSwipe && this.openSwipe.row === row),
      focused: !!(row.el && row.el.contains(document.activeElement)),
      disabled: this.seq === null,
    };
  }

  // Draws a custom row's content when its cell or its state changed since it was last
  // drawn (`force`: draw anyway), and names the row by what the renderer said.
  refreshCustom(row, force) {
    const el = row.el;
    const cell = row.cell;
    if (!el || !cell || !cell.custom || row.dead) return;
    const state = this.customState(row);
    const key = JSON.stringify(state);
    if (!force && el.dcvCustomCell === cell && el.dcvCustomState === key) return;
    el.dcvCustomCell = cell;
    el.dcvCustomState = key;
    row.customLabel = C.renderCustomContent(el.dcv.content, cell.custom, state);
    el.setAttribute('aria-label', C.cellLabel(cell, this.editing, row.customLabel));
  }

  // Rows and headers drawn with a renderer just (re)registered are drawn again.
  rendererRegistered(name) {
    for (const row of this.rendered) {
      if (row.cell && row.cell.custom && row.cell.custom.renderer === name) this.refreshCustom(row, true);
    }
    let headers = false;
    for (const section of this.sections) {
      const header = section.info.header;
      if (header && header.custom && header.custom.renderer === name) {
        section.headerKey = null;
        headers = true;
      }
    }
    // Headers are drawn when sections are placed.
    if (headers && this.layout) this.relayout();
    if (this.layout) this.scheduleRender();
  }

  // Returns true when the row got a new node or changed place (focus may need restoring).
  placeRow(row, s, i, animateIn) {
    const section = this.sections[s];
    const geometry = this.layout.sections[s];
    let created = false;
    if (!row.el) {
      const el = C.createCellElement();
      el.id = this.idPrefix + row.key;
      el.dcvRow = row;
      row.el = el;
      row.shown = null;
      created = true;
      this.rendered.add(row);
      if (row.fresh && animateIn) el.classList.add('dcv-fresh');
    }
    row.fresh = false;
    row.s = s;
    row.i = i;
    if (row === this.focusRow) this.focusPath = [s, i];
    const el = row.el;
    const parent = section.items;
    let moved = created;
    if (el.parentNode !== parent) {
      parent.appendChild(el);
      moved = true;
    }
    let index = i;
    if (this.drag && this.drag.s === s && row !== this.drag.row) index = this.drag.displayIndex(i);
    const rect = L.itemRect(geometry, index, this.layout.width);
    const position = rect.x + ',' + rect.y + ',' + rect.w + ',' + rect.h;
    if (el.dcvPosition !== position) {
      el.dcvPosition = position;
      el.style.left = rect.x + 'px';
      el.style.top = rect.y + 'px';
      el.style.width = rect.w + 'px';
      el.style.height = rect.h + 'px';
    }
    const kind = geometry.kind;
    const headerItem = kind === 'list' && geometry.headerItem && i === 0;
    const contentKey = (row.cell ? row.cell : null);
    if (row.shown !== contentKey || el.dcvEditing !== this.editing) {
      row.shown = contentKey;
      el.dcvEditing = this.editing;
      // A reconfigure keeps the node; if focus sat on a control that is rebuilt, it goes
      // back to the row.
      const inner = el !== document.activeElement && el.contains(document.activeElement);
      C.fillCell(el, row.cell, this.cellOptions(row));
      el.dcvCustomCell = null;
      if (inner && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
      if (this.openSwipe && this.openSwipe.row === row) this.openSwipeActions(row, this.openSwipe.edge, false);
    }
    const cell = row.cell;
    const outline = cell && cell.outline;
    const role = rowRole(section, geometry);
    if (el.getAttribute('role') !== role) {
      el.setAttribute('role', role);
      C.setRowParts(el, role === 'row');
    }
    const count = section.rows.length;
    // Only rows near the viewport have nodes: each says where it sits in the whole list
    // (a list's rows, aria-rowindex of the grid's aria-rowcount; options and treeitems,
    // aria-posinset of aria-setsize; a grid's cells, their line's aria-rowindex).
    let posinset = i + 1;
    let setsize = count;
    if (role === 'treeitem') {
      if (outline) setAttr(el, 'aria-level', String(outline.level + 1));
      else el.removeAttribute('aria-level');
      if (outline && outline.hasChildren) setAttr(el, 'aria-expanded', String(!!outline.isExpanded));
      else el.removeAttribute('aria-expanded');
      const siblings = this.siblingPosition(section, i);
      if (siblings) {
        posinset = siblings.posinset;
        setsize = siblings.setsize;
      }
    } else {
      el.removeAttribute('aria-level');
      el.removeAttribute('aria-expanded');
    }
    if (role === 'gridcell') setAttr(el, 'aria-colindex', String((i % geometry.columns) + 1));
    else el.removeAttribute('aria-colindex');
    if (role === 'row') setAttr(el, 'aria-rowindex', String(i + 1));
    else el.removeAttribute('aria-rowindex');
    // aria-posinset and aria-setsize belong to options and treeitems (on a row, only a
    // treegrid's may carry them).
    if (role === 'option' || role === 'treeitem') {
      setAttr(el, 'aria-posinset', String(posinset));
      setAttr(el, 'aria-setsize', String(setsize));
    } else {
      el.removeAttribute('aria-posinset');
      el.removeAttribute('aria-setsize');
    }
    const selected = this.selected.has(row);
    setAttr(el, 'aria-selected', String(selected));
    el.classList.toggle('dcv-selected', selected);
    if (cell && cell.custom) this.refreshCustom(row, false);
    setAttr(el, 'aria-label',
      cell ? C.cellLabel(cell, this.editing, row.customLabel) : 'Loading row ' + (i + 1) + ' of ' + count);
    const keys = C.cellKeyShortcuts(cell, this.editing, this.rtl);
    if (keys) setAttr(el, 'aria-keyshortcuts', keys);
    else el.removeAttribute('aria-keyshortcuts');
    el.classList.toggle('dcv-stale', !!row.stale);
    el.classList.toggle('dcv-header-item', headerItem);
    el.classList.toggle('dcv-first', i === 0);
    el.classList.toggle('dcv-last', i === count - 1);
    el.classList.toggle('dcv-has-children', !!(outline && outline.hasChildren));
    setAttr(el, 'tabindex', row === this.focusRow ? '0' : '-1');
    return moved;
  }

  // UIKit's collection view turns an outline row's disclosure itself when the row expands
  // or collapses; the batch only inserts or deletes the children, and the row keeps the
  // cell it had. So, here too: a parent is expanded exactly when the row after it is one
  // level deeper (the rows are the visible outline in pre-order). Rows whose neighbour is
  // not loaded are left as they are.
  inferExpansion(section, delivered) {
    const rows = section.rows;
    if (rows.length > TREE_SIBLINGS_LIMIT) return;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const outline = row && row.cell && row.cell.outline;
      if (!outline || !outline.hasChildren || delivered.has(row)) continue;
      let expanded;
      if (i + 1 === rows.length) expanded = false;
      else {
        const next = rows[i + 1];
        const nextOutline = next && next.cell && !next.stale && next.cell.outline;
        if (!nextOutline) continue;
        expanded = nextOutline.level > outline.level;
      }
      if (expanded !== !!outline.isExpanded) {
        row.cell = Object.assign({}, row.cell, { outline: Object.assign({}, outline, { isExpanded: expanded }) });
      }
    }
    section.levels = null;
  }

  siblingPosition(section, i) {
    if (section.rows.length > TREE_SIBLINGS_LIMIT) return null;
    if (!section.levels) {
      section.levels = section.rows.map((row) => (row && row.cell && row.cell.outline ? row.cell.outline.level : null));
    }
    return M.siblingPosition(section.levels, i);
  }

  // Cell nodes stay in index order inside their parent, so a screen reader's reading order
  // is the visual order; the fewest of them move (diffable-order.js). Moving a focused node
  // blurs it, so focus is put back.
  orderNodes(desired) {
    const byParent = new Map();
    for (const [row, path] of desired) {
      if (!row.el || !row.el.parentNode) continue;
      const parent = row.el.parentNode;
      let list = byParent.get(parent);
      if (!list) byParent.set(parent, (list = []));
      list.push({ el: row.el, order: path[1] });
    }
    const active = document.activeElement;
    let refocus = null;
    for (const [parent, list] of byParent) {
      list.sort((a, b) => a.order - b.order);
      for (const el of orderChildren(parent, list.map((item) => item.el))) {
        if (el.contains(active)) refocus = active;
      }
    }
    if (refocus && document.activeElement !== refocus) refocus.focus({ preventScroll: true });
  }

  // ARIA grids need rows: each visible line of a grid section gets an empty role=row
  // element that owns its cells (aria-owns), so the cells themselves stay flat and
  // absolutely placed.
  updateGridLines() {
    this.sections.forEach((section, s) => {
      const geometry = this.layout.sections[s];
      if (!geometry || geometry.kind !== 'grid' || !section.el) {
        if (section.lines.size) {
          for (const line of section.lines.values()) line.remove();
          section.lines.clear();
        }
        return;
      }
      const members = new Map();
      for (const row of this.rendered) {
        if (row.s !== s || !row.el || row.el.parentNode !== section.items) continue;
        const line = Math.floor(row.i / geometry.columns);
        let list = members.get(line);
        if (!list) members.set(line, (list = []));
        list.push(row);
      }
      for (const [line, el] of section.lines) {
        if (!members.has(line)) {
          el.remove();
          section.lines.delete(line);
        }
      }
      for (const [line, rows] of members) {
        let el = section.lines.get(line);
        if (!el) {
          el = document.createElement('div');
          el.className = 'dcv-grid-line';
          el.setAttribute('role', 'row');
          section.lines.set(line, el);
          section.items.appendChild(el);
        }
        el.setAttribute('aria-rowindex', String(line + 1));
        rows.sort((a, b) => a.i - b.i);
        el.setAttribute('aria-owns', rows.map((row) => row.el.id).join(' '));
      }
    });
  }

  // A sideways-scrolling row is a tab stop while the view's own tab stop is not inside it.
  updateScrollerStops() {
    for (const section of this.sections) {
      if (!section.scroller) continue;
      const inside = !!(this.focusRow && this.focusRow.el && section.scroller.contains(this.focusRow.el));
      const tabIndex = inside ? -1 : 0;
      if (section.scroller.tabIndex !== tabIndex) section.scroller.tabIndex = tabIndex;
    }
  }

  removeNode(row) {
    const el = row.el;
    this.forgetNode(row);
    if (el) el.remove();
  }

  forgetNode(row) {
    this.rendered.delete(row);
    if (row.el) row.el.dcvRow = null;
    row.el = null;
    row.shown = null;
  }

  hasFocus() {
    return this.element.contains(document.activeElement) && document.activeElement !== this.element;
  }

  // --- animation (diffable-animation.js does the work) -------------------------------------

  measure() {
    const elements = [];
    for (const row of this.rendered) if (row.el) elements.push(row.el);
    for (const section of this.sections) if (section.el) elements.push(section.el);
    return A.measure(elements);
  }

  play(first) {
    const containers = this.sections.map((section) => section.el).filter(Boolean);
    const rows = [];
    for (const row of this.rendered) if (row.el) rows.push(row.el);
    A.play(first, containers, rows, (el) => el.closest('.dcv-section'));
  }

  ghost(el, animated) {
    A.ghost(el, animated);
  }

  // --- talking about the window -----------------------------------------------------------

  // At most one window report and one round of cell requests per WINDOW_THROTTLE_MS, and
  // always one after the last change: a fast scroll through 100,000 rows asks for the rows
  // it stops at, not for every row it flew past.
  // A sync that runs (a batch's, say) before the scheduled one makes that one needless.
  scheduleSync() {
    this.syncWanted = true;
    if (this.syncScheduled) return;
    this.syncScheduled = true;
    const wait = Math.max(0, this.lastSync + WINDOW_THROTTLE_MS - performance.now());
    const run = () => {
      this.syncScheduled = false;
      if (this.syncWanted) this.sync(false);
    };
    if (wait === 0) Promise.resolve().then(run);
    else setTimeout(run, wait);
  }

  // Tells the server which rows the page shows (when that changed, or `force`) and asks
  // for the contents it lacks there.
  sync(force) {
    if (this.seq === null || !this.layout || !this.connection || !this.connection.isOpen()) return;
    this.syncWanted = false;
    this.lastSync = performance.now();
    const ranges = this.renderRanges(WINDOW_MARGIN);
    const windowRanges = [];
    const missing = [];
    ranges.forEach((range, s) => {
      if (range[1] <= range[0]) return;
      windowRanges.push({ section: s, start: range[0], end: range[1] });
      const rows = this.sections[s].rows;
      for (let i = range[0]; i < range[1]; i++) {
        const row = rows[i] || this.ensureRow(s, i);
        if ((!row.cell || row.stale) && row.requestedSeq !== this.seq) {
          row.requestedSeq = this.seq;
          missing.push([s, i]);
        }
      }
    });
    for (const row of this.rendered) {
      if ((!row.cell || row.stale) && row.requestedSeq !== this.seq && !row.dead && this.pathOf(row)) {
        row.requestedSeq = this.seq;
        missing.push([row.s, row.i]);
      }
    }
    const text = JSON.stringify(windowRanges);
    if (force || text !== this.lastWindow) {
      this.lastWindow = text;
      debug.stats.windowsSent++;
      this.send('window', { ranges: windowRanges });
    }
    this.requestCells(missing, null);
    if (this.materialized > EVICT_ABOVE) this.evict(ranges);
  }

  // Forgets rows far from the window (their contents are asked for again if they come
  // back), so scrolling through 100,000 rows does not keep 100,000 cells.
  evict(ranges) {
    let count = 0;
    this.sections.forEach((section, s) => {
      const [a, b] = ranges[s] || [0, 0];
      const rows = section.rows;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (!row) continue;
        if ((i >= a && i < b) || row.el || row === this.focusRow || this.selected.has(row)) {
          count++;
          continue;
        }
        rows[i] = null;
      }
    });
    this.materialized = count;
  }

  // --- rows the user acts on --------------------------------------------------------------

  // Selects a row (single selection, as a UICollectionView list by default) and tells the
  // server. The server's next cells for the row say what it decided.
  selectRow(row) {
    const path = this.pathOf(row);
    if (!path) return;
    for (const other of Array.from(this.selected)) {
      if (other === row) continue;
      this.selected.delete(other);
      other.selected = false;
    }
    this.selected.add(row);
    row.selected = true;
    this.setFocusRow(row, false);
    this.render();
    this.reselectTries = 0;
    this.send('select', { indexPath: path });
  }

  // A `select` the server refused as stale: a batch was on its way (a cell restyled for
  // the previous selection, say). The page still shows the row selected, so the choice goes
  // out again against the new state, once that batch is applied. Returns whether it did.
  reselect(seq) {
    const row = Array.from(this.selected).find((r) => !r.dead && this.pathOf(r));
    if (!row || this.seq === null || (this.reselectTries || 0) >= 3) return false;
    this.reselectTries = (this.reselectTries || 0) + 1;
    const again = () => {
      const path = !row.dead && row.selected ? this.pathOf(row) : null;
      if (path) this.send('select', { indexPath: path });
    };
    if (this.seq !== seq) {
      again();
    } else {
      const retry = () => {
        this.removeEventListener('batch', retry);
        again();
      };
      this.addEventListener('batch', retry);
    }
    return true;
  }

  setFocusRow(row, focusNode) {
    this.focusRow = row;
    const path = this.pathOf(row);
    if (path) this.focusPath = path;
    if (focusNode) {
      this.scrollToRow(row);
      this.render();
      if (row.el) row.el.focus({ preventScroll: true });
    }
  }

  focusPathTarget(path) {
    const [s, i] = path;
    if (!this.sections[s] || i < 0 || i >= this.sections[s].rows.length) return;
    this.setFocusRow(this.ensureRow(s, i), true);
  }

  // Scrolls the least needed to show a row whole (and, in a horizontal row, its column).
  scrollToRow(row) {
    const path = this.pathOf(row);
    if (!path || !this.layout) return;
    const [s, i] = path;
    const geometry = this.layout.sections[s];
    const rect = L.itemRect(geometry, i, this.layout.width);
    const top = geometry.top + rect.y + (geometry.kind === 'row' ? geometry.headerHeight : 0);
    const { top: viewTop, height } = this.viewport();
    const headerRoom = i === 0 ? geometry.itemsTop : 0;
    if (top - headerRoom < viewTop) this.scrollTo(top - headerRoom);
    else if (top + rect.h > viewTop + height) this.scrollTo(top + rect.h - height);
    const section = this.sections[s];
    if (geometry.kind === 'row' && section.scroller) {
      const left = section.scroller.scrollLeft;
      const visible = section.scroller.clientWidth;
      if (rect.x < left) section.scroller.scrollLeft = rect.x - geometry.pad.leading;
      else if (rect.x + rect.w > left + visible) section.scroller.scrollLeft = rect.x + rect.w - visible + geometry.pad.trailing;
      this.seen = null;
    }
  }

  toggleExpanded(row, expanded) {
    const outline = row.cell && row.cell.outline;
    const path = this.pathOf(row);
    if (!outline || !path) return;
    const next = expanded === undefined ? !outline.isExpanded : expanded;
    if (next === !!outline.isExpanded) return;
    this.sendToggle(row, next, 0);
  }

  // `tries`: how often the server refused this intent as stale (diffable-toggles.js).
  sendToggle(row, expanded, tries) {
    const path = this.pathOf(row);
    if (!path || !this.send('setExpanded', { indexPath: path, expanded })) return false;
    this.toggles.sent(row, expanded, tries);
    return true;
  }

  activateAccessory(row, kind) {
    const path = this.pathOf(row);
    if (!path) return;
    this.send('accessory', { indexPath: path, kind });
    // UIKit's default for a delete control: show the trailing swipe actions, unless the
    // accessory has a handler of its own (which replaces the default, as in UIKit).
    const accessory = row.cell && Array.isArray(row.cell.accessories) ? row.cell.accessories.find((a) => a && a.kind === kind) : null;
    if (accessory && accessory.hasActionHandler === true) return;
    if (kind === 'delete' && row.cell && row.cell.swipe && row.cell.swipe.trailing) this.openSwipeActions(row, 'trailing', true);
  }

  performSwipeAction(row, edge, identifier) {
    const path = this.pathOf(row);
    if (!path) return;
    this.send('swipe', { indexPath: path, edge, action: identifier });
    // A full swipe fires without ever opening, so the body is put back either way.
    if (this.openSwipe && this.openSwipe.row === row) this.closeSwipe(true);
    else this.resetSwipe(row);
  }

  // Moves a row by the user's hand: locally first, then `reorder`. If the server refuses,
  // the connection calls revertReorder.
  commitReorder(row, from, to) {
    if (from[0] === to[0] && from[1] === to[1]) return;
    if (!this.moveRowLocally(from, to)) return;
    const entry = { view: this, row, from, to, batchCount: this.batchCount };
    if (this.send('reorder', { from, to })) {
      this.connection.trackReorder(entry);
      // The reply to this request tells the connection that the reorder went through.
      this.requestCells([to], entry);
    }
    this.dispatchEvent(new CustomEvent('reorder', { detail: { from, to } }));
  }

  // Moves the row at `from` to `to` in the page's model and on screen (animated unless
  // motion is reduced); false when the move names no row.
  moveRowLocally(from, to) {
    const moved = M.moveRow(this.sections, from, to);
    if (!moved) return false;
    const animated = this.options.animations !== false && !reducedMotion();
    const first = animated ? this.measure() : null;
    for (const [s, rows] of moved) {
      this.sections[s].rows = rows;
      this.sections[s].levels = null;
    }
    this.relayout();
    this.render();
    if (animated) this.play(first);
    return true;
  }

  revertReorder(entry) {
    if (entry.batchCount !== this.batchCount) {
      // A batch came in between; the old place means nothing now. A mismatch makes the
      // server send a structure, which is exact.
      this.send('mismatch', { reason: 'reorder ' + M.pathText(entry.from) + ' → ' + M.pathText(entry.to) + ' was refused after a batch; please resend the structure' });
      debug.stats.mismatches++;
      return;
    }
    const path = this.pathOf(entry.row);
    if (!path) return;
    if (!this.moveRowLocally(path, entry.from)) return;
    this.dispatchEvent(new CustomEvent('reorderreverted', { detail: { from: entry.from, to: entry.to } }));
  }

  // Swipe actions (diffable-input.js drives the gesture; these hold the state).
  openSwipeActions(row, edge, focusFirst) {
    if (!row.el) return;
    const box = C.swipeActionsBox(row.el, row.cell, edge);
    if (!box) return;
    if (this.openSwipe && this.openSwipe.row !== row) this.closeSwipe(false);
    const width = box.getBoundingClientRect().width || box.scrollWidth;
    const rtl = this.viewport().rtl;
    const sign = (edge === 'leading') !== rtl ? 1 : -1;
    row.el.classList.remove('dcv-swipe-open-leading', 'dcv-swipe-open-trailing');
    row.el.classList.add('dcv-swipe-open', 'dcv-swipe-open-' + edge);
    row.el.dcv.body.style.transform = 'translateX(' + sign * width + 'px)';
    for (const button of box.querySelectorAll('button')) button.tabIndex = 0;
    this.openSwipe = { row, edge };
    this.refreshCustom(row, false);
    if (focusFirst) {
      const buttons = box.querySelectorAll('button');
      const firstButton = edge === 'trailing' ? buttons[buttons.length - 1] : buttons[0];
      if (firstButton) firstButton.focus({ preventScroll: true });
    }
  }

  closeSwipe(refocus) {
    const open = this.openSwipe;
    this.openSwipe = null;
    if (!open || !open.row.el) return;
    const el = open.row.el;
    const hadFocus = el.contains(document.activeElement) && document.activeElement !== el;
    this.resetSwipe(open.row);
    if (hadFocus || refocus) {
      if (el.isConnected && open.row === this.focusRow) el.focus({ preventScroll: true });
    }
  }

  // Slides a row's body back over its actions, which go (they hide at once, as before the
  // body covers them again).
  resetSwipe(row) {
    const el = row.el;
    if (!el) return;
    el.classList.remove('dcv-swipe-open', 'dcv-swipe-open-leading', 'dcv-swipe-open-trailing');
    el.dcv.body.style.transform = '';
    C.dropSwipeActions(el);
    this.refreshCustom(row, false);
  }

  cancelDrag() {
    if (this.drag && this.drag.cancel) this.drag.cancel();
    this.drag = null;
  }
}
