// demo.js — the page of `swift run diffable-demo`: one collection view named "demo" (a
// horizontal row, an outline and a list, as in WWDC20's sample) and a panel that sends the
// demo app's commands and shows the last batch, as the server described it and as the page
// applied it.

import { DiffableConnection, DiffableCollectionView, exposeDebug } from './diffable.js';
import './demo-card.js';

const connection = new DiffableConnection();
// The sections show no headers, so the page names them (a screen reader hears "Cards,
// listbox", never the server's ids "row", "outline", "list").
const view = new DiffableCollectionView(document.getElementById('collection'), connection, 'demo', {
  sectionLabel: { row: 'Cards', outline: 'Layouts', list: 'Entries' },
});

for (const button of document.querySelectorAll('[data-command]')) {
  button.addEventListener('click', () => {
    connection.sendApp('command', { command: button.getAttribute('data-command') });
  });
}

const editing = document.getElementById('editing');
editing.addEventListener('change', () => view.setEditing(editing.checked));

// The panel shows the start of a long text. The server describes a 100,000-row shuffle's
// batch in 1.7 MB, and laying that out in the panel took most of the batch's frame
// (about 275 ms of layout); a panel of 180 px shows a few hundred characters anyway.
const PANEL_TEXT_LIMIT = 2000;
function show(pre, text) {
  const more = text.length - PANEL_TEXT_LIMIT;
  pre.textContent = more > 0
    ? text.slice(0, PANEL_TEXT_LIMIT) + '… (' + more.toLocaleString('en') + ' more characters)'
    : text;
}

const serverBatch = document.getElementById('server-batch');
connection.onApp('lastBatch', (payload) => {
  show(serverBatch, payload && typeof payload.text === 'string' ? payload.text : JSON.stringify(payload));
});
connection.onApp('error', (payload) => {
  show(serverBatch, 'app error: ' + (payload && payload.text ? payload.text : JSON.stringify(payload)));
});

const pageBatch = document.getElementById('page-batch');
view.addEventListener('batch', (event) => {
  show(pageBatch, event.detail.summary);
});
view.addEventListener('structure', (event) => {
  show(pageBatch, 'structure, seq ' + event.detail.seq + ': rows ' +
    event.detail.sections.map((s) => s.id + ' ' + s.count).join(', '));
});
view.addEventListener('reorder', (event) => {
  show(pageBatch, 'moved row ' + JSON.stringify(event.detail.from) + ' to ' + JSON.stringify(event.detail.to) + ' (reorder sent)');
});
view.addEventListener('reorderreverted', (event) => {
  show(pageBatch, 'the server refused moving ' + JSON.stringify(event.detail.from) + ' to ' + JSON.stringify(event.detail.to) + '; moved back');
});

const status = document.getElementById('status');
const labels = { open: 'Connected', connecting: 'Connecting…', closed: 'Disconnected' };
connection.onStatus(({ state, lost }) => {
  status.dataset.state = state;
  // The demo's list lives in the session: a new one after a drop starts it over, and the
  // status line (a live region) says why.
  status.textContent = state === 'open' && lost
    ? 'Connected to a new session: the last one ended while offline, so the list started over.'
    : labels[state] || state;
});
connection.addEventListener('retry', (event) => {
  status.textContent = 'Disconnected — retrying in ' + Math.round(event.detail.delay / 100) / 10 + ' s';
});
document.getElementById('reconnect').addEventListener('click', () => connection.reconnect());

// The panel shows the view's counters, and the browser tests read them on
// window.diffableDebug: this page opts in.
const stats = exposeDebug().stats;
const showStat = (id, value) => {
  const el = document.getElementById(id);
  if (el.textContent !== String(value)) el.textContent = String(value);
};
setInterval(() => {
  showStat('stat-nodes', stats.cellNodes);
  showStat('stat-batches', stats.batchesApplied);
  showStat('stat-mismatches', stats.mismatches);
  showStat('stat-requests', stats.cellRequests);
}, 500);

connection.connect();
