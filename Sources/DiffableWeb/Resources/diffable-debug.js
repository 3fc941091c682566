// diffable-debug.js — what the views and the connection count, for the browser tests and
// the console. Nothing is global unless a page asks: exposeDebug() puts this object on
// window.diffableDebug (the demo page and the Recipes page do; the tests read it there).

// `stats.cellNodes` counts cell nodes in the document right now (ghosts of deleted rows
// fading out included); snapshot() is the same as plain JSON-safe data (the views
// themselves hold DOM nodes).
//
// `batchTimings` holds the newest 100 `batch` messages the connection handled, oldest
// first, for Benchmarks/Scripts/browser_perf.py: {view, seq, chars, ms, renders,
// viewportReads}. `chars` is the frame's length in UTF-16 units (its bytes, for ASCII JSON);
// `ms` is the main thread's time from the frame's arrival to the view's DOM updated: parse,
// checks, placement, render, and whatever the view's `batch` listeners do (a layout they
// force included); `renders` and `viewportReads` count the views' render() calls and
// readings of their scroll offsets and size while the frame was handled.
//
// `lastBatch` describes the last batch a view applied or refused: {view, seq, animated,
// update, result, summary, ms, placeMs} when applied, where `ms` is the view's own time
// after placement and `placeMs` placement's (diffable-model.js placeBatch), to 0.1 ms.
export const debug = {
  views: {},
  lastBatch: null,
  // What the connection's last `session` message said: {resumed, refused, views, lost}.
  lastSession: null,
  batchTimings: [],
  recordBatch(view, seq, chars, ms, renders, viewportReads) {
    if (this.batchTimings.length >= 100) this.batchTimings.shift();
    this.batchTimings.push({ view, seq, chars, ms, renders, viewportReads });
  },
  snapshot() {
    const views = {};
    for (const name of Object.keys(this.views)) views[name] = this.views[name].debugSnapshot();
    const stats = {};
    for (const key of Object.keys(this.stats)) stats[key] = this.stats[key];
    return {
      views,
      lastBatch: this.lastBatch ? JSON.parse(JSON.stringify(this.lastBatch)) : null,
      lastSession: this.lastSession ? JSON.parse(JSON.stringify(this.lastSession)) : null,
      stats,
    };
  },
  stats: {
    structures: 0,
    batchesApplied: 0,
    mismatches: 0,
    cellsMessages: 0,
    staleCells: 0,
    staleReplies: 0,
    togglesKept: 0,
    cellRequests: 0,
    windowsSent: 0,
    malformed: 0,
    errors: 0,
    unknownRenderers: 0,
    // Sessions the connection began: new ones, and ones resumed after a drop or a reload.
    sessionsStarted: 0,
    sessionsResumed: 0,
    // render() calls of every view, and readings of a view's scroll offsets and size (each
    // may force a synchronous layout: diffable-view.js viewport()).
    renders: 0,
    viewportReads: 0,
    // Every message from the server, and their length in UTF-16 units.
    messagesReceived: 0,
    charsReceived: 0,
    get cellNodes() {
      return typeof document === 'undefined' ? 0 : document.querySelectorAll('.dcv-cell').length;
    },
  },
};

// Puts the debug object on window.diffableDebug and returns it.
export function exposeDebug() {
  window.diffableDebug = debug;
  return debug;
}
