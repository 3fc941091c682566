// diffable.js — the one module a page loads; everything DiffableWeb's page offers is
// exported from here, and the files beside it are imported by it (no build step, no
// globals):
//
//   <script type="module" src="/my-page.js"></script>
//
//   // my-page.js
//   import { DiffableConnection, DiffableCollectionView, registerContentRenderer } from '/diffable.js';
//   const connection = new DiffableConnection();            // ws(s)://<this host>/ws
//   const view = new DiffableCollectionView(el, connection, 'demo', { label: 'Entries' });
//   connection.onApp('lastBatch', (payload) => …);
//   connection.sendApp('command', {command: 'insert'});
//   registerContentRenderer('swatch', (element, payload, state) => { …; return 'Label'; });
//   connection.connect();

export { DiffableConnection } from './diffable-connection.js';
export { DiffableCollectionView } from './diffable-view.js';
export { symbolElement, hasSymbol } from './diffable-cells.js';
export { registerContentRenderer } from './diffable-renderers.js';
export { debug, exposeDebug } from './diffable-debug.js';
