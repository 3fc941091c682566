// diffable-model.js — the pure half of DiffableWeb's page: message checks and the batch
// placement algorithm. Nothing here touches the DOM, the clock or the network, so
// selftest.html can run it against plain arrays.
//
// A section's rows are an array with one slot per row. A slot is `null` while the page
// knows nothing about the row but its place (the usual case for the 99,900 rows of a big
// list that nobody scrolled to), or a row object the view owns ({key, cell, el, …}). The
// placement functions move those objects around without looking inside them, which is what
// lets a moved row keep its DOM node: the node hangs off the object.

const PROTOCOL_VERSION = 1;

function isIndex(value) {
  return Number.isInteger(value) && value >= 0;
}

function isIndexPath(value) {
  return Array.isArray(value) && value.length === 2 && isIndex(value[0]) && isIndex(value[1]);
}

function pathText(path) {
  return Array.isArray(path) ? '[' + path.join(', ') + ']' : String(path);
}

// ---------------------------------------------------------------------------------------
// Message shapes. The server is trusted to be well-meaning but not to be bug-free: every
// message is checked before it touches the view, and a bad one is reported, not thrown.

const BATCH_SECTION_KEYS = ['deletedSections', 'insertedSections', 'reloadedSections'];
const BATCH_ITEM_KEYS = ['deletedItems', 'insertedItems', 'reloadedItems', 'reconfiguredItems'];

// Returns the update with every array present, or a string saying what is wrong. Missing
// arrays are read as empty (the doc promises them, but nothing is lost by being lenient).
function checkBatchUpdate(update) {
  if (!update || typeof update !== 'object' || Array.isArray(update)) {
    return 'update is not an object';
  }
  const out = {};
  for (const key of BATCH_SECTION_KEYS) {
    const list = update[key] == null ? [] : update[key];
    if (!Array.isArray(list) || !list.every(isIndex)) return key + ' is not a list of section indexes';
    out[key] = list;
  }
  for (const key of BATCH_ITEM_KEYS) {
    const list = update[key] == null ? [] : update[key];
    if (!Array.isArray(list) || !list.every(isIndexPath)) return key + ' is not a list of index paths';
    out[key] = list;
  }
  const sectionMoves = update.movedSections == null ? [] : update.movedSections;
  if (!Array.isArray(sectionMoves) ||
      !sectionMoves.every((m) => m && isIndex(m.from) && isIndex(m.to))) {
    return 'movedSections is not a list of {from, to} section indexes';
  }
  out.movedSections = sectionMoves;
  const itemMoves = update.movedItems == null ? [] : update.movedItems;
  if (!Array.isArray(itemMoves) ||
      !itemMoves.every((m) => m && isIndexPath(m.from) && isIndexPath(m.to))) {
    return 'movedItems is not a list of {from, to} index paths';
  }
  out.movedItems = itemMoves;
  return out;
}

// The longest name a custom content configuration may give its renderer.
const RENDERER_NAME_LIMIT = 64;

// A cell's `custom` (a content configuration the page draws with a registered renderer):
// absent or null, or {renderer: a name of 1 to 64 characters, payload: any JSON}. Returns
// what is wrong, or null.
function checkCustom(custom) {
  if (custom == null) return null;
  if (typeof custom !== 'object' || Array.isArray(custom)) return 'custom is not an object';
  const name = custom.renderer;
  if (typeof name !== 'string' || name.length === 0 || name.length > RENDERER_NAME_LIMIT) {
    return 'custom.renderer is not a name of 1 to ' + RENDERER_NAME_LIMIT + ' characters';
  }
  return null;
}

function checkSections(sections) {
  if (!Array.isArray(sections)) return 'sections is not a list';
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i];
    if (!s || typeof s !== 'object') return 'section ' + i + ' is not an object';
    if (!isIndex(s.count)) return 'section ' + i + ' has no row count';
    if (s.layout != null && (typeof s.layout !== 'object' || typeof s.layout.kind !== 'string')) {
      return 'section ' + i + ' has a layout without a kind';
    }
    for (const key of ['header', 'footer']) {
      const problem = s[key] && typeof s[key] === 'object' ? checkCustom(s[key].custom) : null;
      if (problem) return 'section ' + i + ' ' + key + ': ' + problem;
    }
  }
  return null;
}

function checkCellEntries(cells) {
  if (cells == null) return [];
  if (!Array.isArray(cells)) return 'cells is not a list';
  for (let i = 0; i < cells.length; i++) {
    const entry = cells[i];
    if (!entry || !isIndexPath(entry.indexPath) || !entry.cell || typeof entry.cell !== 'object') {
      return 'cells[' + i + '] is not {indexPath, cell}';
    }
    const problem = checkCustom(entry.cell.custom);
    if (problem) return 'cells[' + i + ']: ' + problem;
  }
  return cells;
}

// A `session` message (Docs/WebProtocol.md, "Sessions"): what is wrong, or null. The token
// goes back to the server in an address, so it must be exactly the documented form.
const SESSION_TOKEN = /^[0-9a-f]{32}$/;
const CATCH_UPS = new Set(['current', 'replay', 'resync', 'restart']);
const REFUSALS = new Set(['expired', 'inUse', 'origin', 'malformed']);

function checkSession(message) {
  if (typeof message.token !== 'string' || !SESSION_TOKEN.test(message.token)) return 'token is not 32 lowercase hex digits';
  if (typeof message.resumed !== 'boolean') return 'resumed is not a boolean';
  if (!Number.isInteger(message.graceSeconds) || message.graceSeconds < 0) return 'graceSeconds is not a whole number of seconds';
  if (message.views != null) {
    if (typeof message.views !== 'object' || Array.isArray(message.views)) return 'views is not an object';
    for (const name of Object.keys(message.views)) {
      if (!CATCH_UPS.has(message.views[name])) return 'views["' + name + '"] is not current, replay, resync or restart';
    }
  }
  if (message.refused != null && !REFUSALS.has(message.refused)) return 'refused is not expired, inUse, origin or malformed';
  return null;
}

// Checks the envelope and the fields a message type needs. Returns {message} or {error}.
function parseServerMessage(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch (e) {
    return { error: 'not JSON: ' + e.message };
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) {
    return { error: 'not an object' };
  }
  if (message.v !== PROTOCOL_VERSION) return { error: 'unknown version ' + JSON.stringify(message.v) };
  if (typeof message.type !== 'string') return { error: 'no type' };
  switch (message.type) {
    case 'structure':
    case 'batch':
    case 'cells': {
      if (typeof message.view !== 'string') return { error: message.type + ' without a view' };
      if (!isIndex(message.seq)) return { error: message.type + ' without a seq' };
      if (message.type !== 'cells') {
        const problem = checkSections(message.sections);
        if (problem) return { error: message.type + ': ' + problem };
      }
      if (message.type === 'batch') {
        const update = checkBatchUpdate(message.update);
        if (typeof update === 'string') return { error: 'batch: ' + update };
        message.update = update;
      }
      if (message.type !== 'structure') {
        const cells = checkCellEntries(message.cells);
        if (typeof cells === 'string') return { error: message.type + ': ' + cells };
        message.cells = cells;
      }
      return { message };
    }
    case 'session': {
      const problem = checkSession(message);
      return problem ? { error: 'session: ' + problem } : { message };
    }
    case 'error':
      if (typeof message.code !== 'string') return { error: 'error without a code' };
      return { message };
    case 'app':
      if (typeof message.name !== 'string') return { error: 'app message without a name' };
      return { message };
    default:
      return { error: 'unknown type ' + JSON.stringify(message.type) };
  }
}

// ---------------------------------------------------------------------------------------
// placeBatch's two ways of filling a section's free places (those `taken` leaves) with the
// old rows that stay, in their old order; `reload(i, k)` returns the row that replaces the
// reloaded old row i at k, and `left(i)` is told of each old row i that leaves. Both call
// them in old-index order, so `removed` comes out the same either way.
//
// placeEach visits every place and reads the marks of every old row: one pass, whatever the
// batch. placeRuns sorts the changes and copies the rows between two of them as a run, so a
// batch that changes 1,000 of 100,000 rows costs 100,000 plain copies instead of 100,000
// visits that each read the marks (in Chromium, on the demo's list: a median of 0.3-0.4 ms
// against 0.8 ms). Sorting costs more than visiting once changes are dense (a shuffle took
// 40% longer by runs), so a section takes runs only with at most one change per RUNS_BELOW
// rows, and placeBatch stops listing a section's changes past that density.
const RUNS_BELOW = 16;
const NO_INDICES = new Int32Array(0);

function placeEach(rows, count, oldRows, marks, taken, reload, left) {
  let i = 0;
  for (let k = 0; k < count; k++) {
    if (taken[k]) continue;
    while (marks && (marks[i] === 1 || marks[i] === 2)) left(i++);
    rows[k] = marks && marks[i] === 3 ? reload(i, k) : oldRows[i];
    i++;
  }
  // Rows that leave after the last one that stays.
  for (; i < oldRows.length; i++) if (marks && (marks[i] === 1 || marks[i] === 2)) left(i);
}

// out: {gone, reloads} (old indices, unsorted) or null; arriving: [{at}] or undefined.
function placeRuns(rows, count, oldRows, out, arriving, reload, left) {
  const arrivals = arriving ? Int32Array.from(arriving, (entry) => entry.at).sort() : NO_INDICES;
  const gone = out ? Int32Array.from(out.gone).sort() : NO_INDICES;
  const reloads = out ? Int32Array.from(out.reloads).sort() : NO_INDICES;
  let i = 0;
  let k = 0;
  let a = 0;
  let g = 0;
  let r = 0;
  while (k < count) {
    if (a < arrivals.length && arrivals[a] === k) {
      a++;
      k++;
      continue;
    }
    while (g < gone.length && gone[g] === i) {
      left(i++);
      g++;
    }
    let run = count - k;
    if (a < arrivals.length) run = Math.min(run, arrivals[a] - k);
    if (g < gone.length) run = Math.min(run, gone[g] - i);
    if (r < reloads.length) run = Math.min(run, reloads[r] - i);
    if (run > 0) {
      for (const end = k + run; k < end; k++, i++) rows[k] = oldRows[i];
      continue;
    }
    // Nothing arrives at k and nothing leaves at i, so the old row at i is reloaded.
    rows[k] = reload(i, k);
    r++;
    k++;
    i++;
  }
  for (; g < gone.length; g++) left(gone[g]);
}

// Zeroed byte arrays for placeBatch's per-row marks, kept between batches for the same
// reason as `spare` rows (placeBatch is never re-entered).
const scratch = [];
let scratchUsed = 0;
function zeroedBytes(length) {
  let buffer = scratch[scratchUsed];
  if (!buffer || buffer.length < length) buffer = scratch[scratchUsed] = new Uint8Array(Math.max(length, 64));
  scratchUsed++;
  const bytes = buffer.subarray(0, length);
  bytes.fill(0);
  return bytes;
}

// Batch placement, as UIKit's performBatchUpdates places things (Docs/WebProtocol.md,
// "How the page applies it"). Sections first: deleted and moved-away sections leave;
// inserted sections and move destinations take their new slots; every other old section
// — reloaded ones included — fills the free slots in its old order. Then rows, per
// section that survives: the same rule one level down. Moved rows keep their objects,
// reloaded rows get fresh ones, reconfigures are looked up afterwards at new positions.
//
// oldSections: [{rows: Array<row|null>, spare?: Array}]; newCounts: row count per new
// section (the batch's `sections[i].count`). makeRow(oldRow) returns the object for a
// reloaded row. `spare`, when given, is an array nobody else holds that may become the
// section's new rows (overwritten, resized): a list of 100,000 rows is an 800 kB array,
// and allocating one per batch fills the heap's large-object space, whose collection
// lands in some later batch's frame. A section the batch leaves alone keeps its array.
//
// Returns {ok: false, reason} when the batch does not fit the page's state — the reason
// is what the page sends in `mismatch` — or {ok: true, sections, removed, reloaded,
// reconfigured}:
//   sections[j] = {from, origin, rows}: from is the old index (-1 when inserted), origin
//     'kept' | 'moved' | 'inserted' | 'reloaded';
//   removed: [{row, from, why}] every non-null row that left (deleted, in a deleted or
//     reloaded section, or replaced by a reload);
//   reloaded: [{oldRow, row, at}] each reload's old and new object and new index path;
//   reconfigured: [{row, at}] existing row objects at reconfigured (new) index paths;
//   placedByRuns: how many sections placeRuns filled (the rest that kept rows, placeEach).
// `placement` ('each' or 'runs') makes every section take that way, for the self-test to
// compare the two; by default each section takes the one its density calls for.
function placeBatch(oldSections, update, newCounts, makeRow, placement) {
  const fail = (reason) => ({ ok: false, reason });
  scratchUsed = 0;
  const oldCount = oldSections.length;
  const newCount = newCounts.length;
  const make = makeRow || (() => ({}));

  // --- sections ---------------------------------------------------------------------
  // oldFate: 0 stays, 1 deleted, 2 moved away, 3 reloaded (stays, with fresh rows)
  const oldFate = new Uint8Array(oldCount);
  const claimOld = (index, fate, what) => {
    if (index >= oldCount) return what + ' section ' + index + ' is out of range (' + oldCount + ' sections before the batch)';
    if (oldFate[index] !== 0) return 'section ' + index + ' is deleted, reloaded or moved twice';
    oldFate[index] = fate;
    return null;
  };
  for (const s of update.deletedSections) {
    const problem = claimOld(s, 1, 'deleted');
    if (problem) return fail(problem);
  }
  for (const s of update.reloadedSections) {
    const problem = claimOld(s, 3, 'reloaded');
    if (problem) return fail(problem);
  }
  for (const m of update.movedSections) {
    const problem = claimOld(m.from, 2, 'moved');
    if (problem) return fail(problem);
  }
  // newSource[j]: old index of the section in slot j, -2 for an inserted one, -1 free
  const newSource = new Int32Array(newCount).fill(-1);
  const claimNew = (index, source, what) => {
    if (index >= newCount) return what + ' section ' + index + ' is out of range (the server says ' + newCount + ' sections)';
    if (newSource[index] !== -1) return 'section ' + index + ' is inserted or a move destination twice';
    newSource[index] = source;
    return null;
  };
  for (const s of update.insertedSections) {
    const problem = claimNew(s, -2, 'inserted');
    if (problem) return fail(problem);
  }
  for (const m of update.movedSections) {
    const problem = claimNew(m.to, m.from, 'moved');
    if (problem) return fail(problem);
  }
  const deletedSectionCount = update.deletedSections.length;
  const expectedSections = oldCount - deletedSectionCount + update.insertedSections.length;
  if (expectedSections !== newCount) {
    return fail(expectedSections + ' sections after the batch, the server says ' + newCount);
  }
  const movedTo = new Set(update.movedSections.map((m) => m.to));
  let next = 0;
  for (let j = 0; j < newCount; j++) {
    if (newSource[j] !== -1) continue;
    while (oldFate[next] === 1 || oldFate[next] === 2) next++;
    newSource[j] = next++;
  }
  const oldToNew = new Int32Array(oldCount).fill(-1);
  for (let j = 0; j < newCount; j++) if (newSource[j] >= 0) oldToNew[newSource[j]] = j;
  // Rows are placed only in sections that keep their rows: neither new nor reloaded.
  const keepsRows = (j) => newSource[j] >= 0 && oldFate[newSource[j]] !== 3;
  const oldKeepsRows = (s) => oldFate[s] === 0 || oldFate[s] === 2;

  // --- rows: gather the operations per section ----------------------------------------
  // old section -> {marks, gone, reloads, leaving, listed}: marks[i] is 1 deleted, 2 moved
  // away, 3 reloaded; leaving counts 1 and 2; while `listed`, gone lists the old indices
  // that leave and reloads those reloaded, unsorted.
  const outOf = new Map();
  const into = new Map(); // new section -> [{at, row, inserted}]
  const outMark = (path, mark, what) => {
    const [s, i] = path;
    if (s >= oldCount) return what + ' row ' + pathText(path) + ' is in a section that does not exist before the batch';
    if (!oldKeepsRows(s)) return what + ' row ' + pathText(path) + ' is in a section the batch deletes or reloads';
    const length = oldSections[s].rows.length;
    if (i >= length) return what + ' row ' + pathText(path) + ' is out of range (section ' + s + ' had ' + length + ' rows)';
    let out = outOf.get(s);
    if (!out) {
      out = { marks: zeroedBytes(length), gone: [], reloads: [], leaving: 0, listed: true };
      outOf.set(s, out);
    }
    if (out.marks[i] !== 0) return 'row ' + pathText(path) + ' is deleted, reloaded or moved twice';
    out.marks[i] = mark;
    if (mark !== 3) out.leaving++;
    // Lists only while runs may still be taken: a shuffle of 100,000 rows lists 6,251, not
    // all of them (the placement of every row is then placeEach's).
    if (out.listed && (out.gone.length + out.reloads.length) * RUNS_BELOW > length + RUNS_BELOW) {
      out.listed = placement === 'runs';
    }
    if (out.listed) (mark === 3 ? out.reloads : out.gone).push(i);
    return null;
  };
  const inMark = (path, entry, what) => {
    const [j, i] = path;
    if (j >= newCount) return what + ' row ' + pathText(path) + ' is in a section that does not exist after the batch';
    if (!keepsRows(j)) return what + ' row ' + pathText(path) + ' is in a section the batch inserts or reloads';
    if (i >= newCounts[j]) return what + ' row ' + pathText(path) + ' is out of range (the server says section ' + j + ' has ' + newCounts[j] + ' rows)';
    let list = into.get(j);
    if (!list) into.set(j, (list = []));
    entry.at = i;
    list.push(entry);
    return null;
  };
  for (const p of update.deletedItems) {
    const problem = outMark(p, 1, 'deleted');
    if (problem) return fail(problem);
  }
  for (const p of update.reloadedItems) {
    const problem = outMark(p, 3, 'reloaded');
    if (problem) return fail(problem);
  }
  for (const m of update.movedItems) {
    const problem = outMark(m.from, 2, 'moved');
    if (problem) return fail(problem);
  }
  for (const p of update.insertedItems) {
    const problem = inMark(p, { row: null }, 'inserted');
    if (problem) return fail(problem);
  }
  for (const m of update.movedItems) {
    const problem = inMark(m.to, { row: oldSections[m.from[0]].rows[m.from[1]] }, 'moved');
    if (problem) return fail(problem);
  }

  // --- rows: place them ------------------------------------------------------------------
  const removed = [];
  const reloaded = [];
  const sections = new Array(newCount);
  let placedByRuns = 0;
  const dropAll = (s, why) => {
    const rows = oldSections[s].rows;
    for (let i = 0; i < rows.length; i++) if (rows[i]) removed.push({ row: rows[i], from: [s, i], why });
  };
  for (let s = 0; s < oldCount; s++) {
    if (oldFate[s] === 1) dropAll(s, 'deletedSection');
    else if (oldFate[s] === 3) dropAll(s, 'reloadedSection');
  }
  for (let j = 0; j < newCount; j++) {
    const count = newCounts[j];
    const source = newSource[j];
    if (source === -2 || oldFate[source] === 3) {
      sections[j] = {
        from: source === -2 ? -1 : source,
        origin: source === -2 ? 'inserted' : 'reloaded',
        rows: new Array(count).fill(null),
      };
      continue;
    }
    const origin = oldFate[source] === 2 ? 'moved' : 'kept';
    const oldRows = oldSections[source].rows;
    const out = outOf.get(source);
    const arriving = into.get(j);
    if (!out && !arriving) {
      if (oldRows.length !== count) {
        return fail('section ' + j + ' has ' + oldRows.length + ' rows after the batch, the server says ' + count);
      }
      sections[j] = { from: source, origin, rows: oldRows };
      continue;
    }
    const leaving = out ? out.leaving : 0;
    const expected = oldRows.length - leaving + (arriving ? arriving.length : 0);
    if (expected !== count) {
      return fail('section ' + j + ' has ' + expected + ' rows after the batch, the server says ' + count);
    }
    let rows = oldSections[source].spare;
    if (rows && rows !== oldRows) rows.length = count;
    else rows = new Array(count);
    const taken = zeroedBytes(count);
    if (arriving) {
      for (const entry of arriving) {
        if (taken[entry.at]) return fail('row ' + pathText([j, entry.at]) + ' is inserted or a move destination twice');
        taken[entry.at] = 1;
        rows[entry.at] = entry.row;
      }
    }
    // The rows that stay fill the free places in their old order.
    const marks = out ? out.marks : null;
    const reload = (i, k) => {
      const row = oldRows[i];
      const fresh = make(row);
      if (row) removed.push({ row, from: [source, i], why: 'reloaded' });
      reloaded.push({ oldRow: row, row: fresh, at: [j, k] });
      return fresh;
    };
    const left = (i) => {
      if (marks[i] === 1 && oldRows[i]) removed.push({ row: oldRows[i], from: [source, i], why: 'deleted' });
    };
    const changes = (out ? out.gone.length + out.reloads.length : 0) + (arriving ? arriving.length : 0);
    const runs = placement ? placement === 'runs' : (!out || out.listed) && changes * RUNS_BELOW <= count;
    if (runs) {
      placeRuns(rows, count, oldRows, out, arriving, reload, left);
      placedByRuns++;
    } else {
      placeEach(rows, count, oldRows, marks, taken, reload, left);
    }
    sections[j] = { from: source, origin, rows };
  }

  // --- reconfigures: new index paths, after everything else ---------------------------
  const reconfigured = [];
  const seen = new Set();
  for (const p of update.reconfiguredItems) {
    const [j, i] = p;
    if (j >= newCount || i >= newCounts[j]) return fail('reconfigured row ' + pathText(p) + ' is out of range after the batch');
    const key = j + ':' + i;
    if (seen.has(key)) return fail('row ' + pathText(p) + ' is reconfigured twice');
    seen.add(key);
    const row = sections[j].rows[i];
    if (row) reconfigured.push({ row, at: [j, i] });
  }
  return { ok: true, sections, removed, reloaded, reconfigured, oldToNew, placedByRuns };
}

// The page's own move for a reorder: the row leaves `from` and lands at `to`, a position
// in the state after the move (as the `reorder` message says). Returns new row arrays
// for the touched sections, or null when the move does not fit.
function moveRow(sections, from, to) {
  const [fs, fi] = from;
  const [ts, ti] = to;
  if (!sections[fs] || !sections[ts] || fi >= sections[fs].rows.length) return null;
  const source = sections[fs].rows.slice();
  const [row] = source.splice(fi, 1);
  const target = fs === ts ? source : sections[ts].rows.slice();
  if (ti > target.length) return null;
  target.splice(ti, 0, row);
  const out = new Map();
  out.set(fs, source);
  out.set(ts, target);
  return out;
}

// ---------------------------------------------------------------------------------------
// Outline helpers. A flat list of rows with levels is a tree in pre-order; these answer
// the questions a tree widget needs from that flat list.

// levels: array of levels (numbers) for a whole section, or null where unknown. Returns
// {posinset, setsize} for row i among its siblings, or null when some row that decides it
// is unknown (the view then falls back to the flat position).
function siblingPosition(levels, i) {
  const level = levels[i];
  if (level == null) return null;
  let start = i;
  while (start > 0) {
    const l = levels[start - 1];
    if (l == null) return null;
    if (l < level) break;
    start--;
  }
  let end = i + 1;
  while (end < levels.length) {
    const l = levels[end];
    if (l == null) return null;
    if (l < level) break;
    end++;
  }
  let posinset = 0;
  let setsize = 0;
  for (let k = start; k < end; k++) {
    if (levels[k] === level) {
      setsize++;
      if (k <= i) posinset++;
    }
  }
  return { posinset, setsize };
}

// The nearest row before i with a smaller level, or -1.
function parentIndex(levels, i) {
  const level = levels[i];
  if (level == null) return -1;
  for (let k = i - 1; k >= 0; k--) {
    if (levels[k] == null) return -1;
    if (levels[k] < level) return k;
  }
  return -1;
}

// Splits index paths into requests of at most `limit` (the protocol's cap is 1,000).
function chunk(list, limit) {
  const out = [];
  for (let i = 0; i < list.length; i += limit) out.push(list.slice(i, i + limit));
  return out;
}

export {
  PROTOCOL_VERSION,
  RENDERER_NAME_LIMIT,
  checkCustom,
  isIndex,
  isIndexPath,
  pathText,
  checkBatchUpdate,
  checkSections,
  parseServerMessage,
  placeBatch,
  RUNS_BELOW,
  moveRow,
  siblingPosition,
  parentIndex,
  chunk,
};
