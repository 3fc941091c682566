// diffable-connection.js — DiffableConnection: the page's one WebSocket to a DiffableWeb
// server. It checks every message (diffable-model.js), routes list-view messages to the
// DiffableCollectionView registered under their `view`, hands `app` messages to listeners,
// and reconnects when the socket closes (a new connection is a new session: the server
// sends a fresh `structure` for every view).

import * as M from './diffable-model.js';
import { debug } from './diffable-debug.js';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 8000;
const REORDER_TIMEOUT_MS = 10000;

function defaultURL() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return scheme + '//' + location.host + '/ws';
}

export class DiffableConnection extends EventTarget {
  // options: {autoReconnect: true}
  constructor(url, options) {
    super();
    this.url = url || defaultURL();
    this.options = Object.assign({ autoReconnect: true }, options || {});
    this.socket = null;
    this.views = new Map();
    this.appListeners = new Map();
    this.state = 'closed';
    this.retryDelay = RECONNECT_MIN_MS;
    this.retryTimer = 0;
    this.closedByPage = false;
    // Replies come in the order requests went out. `cells` requests always get one (cells
    // or an error), `reorder` gets one only when refused; so a cells request sent right
    // after a reorder tells, by its reply, that the reorder was accepted.
    this.cellReplies = [];
    this.reorders = [];
  }

  // --- lifecycle -------------------------------------------------------------------------

  connect() {
    this.closedByPage = false;
    clearTimeout(this.retryTimer);
    if (this.socket && (this.state === 'open' || this.state === 'connecting')) return;
    this.setState('connecting');
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch (e) {
      console.error('[diffable] cannot open ' + this.url + ':', e);
      this.handleClose();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.retryDelay = RECONNECT_MIN_MS;
      this.setState('open');
      for (const view of this.views.values()) view.handleConnect();
    });
    socket.addEventListener('message', (event) => {
      if (this.socket === socket) this.receive(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      console.info('[diffable] connection closed (' + event.code + (event.reason ? ': ' + event.reason : '') + ')');
      this.handleClose();
    });
    socket.addEventListener('error', () => {
      // A close event follows; the reconnect is handled there.
    });
  }

  // Closes for good (no reconnect until connect() again).
  close() {
    this.closedByPage = true;
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000, 'page closed the connection');
    this.socket = null;
    this.handleClose();
  }

  // Drops the current connection and opens a new one now.
  reconnect() {
    this.closedByPage = false;
    clearTimeout(this.retryTimer);
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000, 'page reconnects');
    this.resetSession();
    this.connect();
  }

  isOpen() {
    return this.state === 'open' && !!this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  handleClose() {
    this.resetSession();
    this.setState('closed');
    if (this.closedByPage || !this.options.autoReconnect) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(RECONNECT_MAX_MS, this.retryDelay * 2);
    this.dispatchEvent(new CustomEvent('retry', { detail: { delay } }));
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  resetSession() {
    this.cellReplies = [];
    for (const entry of this.reorders) clearTimeout(entry.timer);
    this.reorders = [];
    for (const view of this.views.values()) view.handleDisconnect();
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new CustomEvent('status', { detail: { state } }));
  }

  // Calls listener({state}) now and whenever the state changes ('connecting', 'open',
  // 'closed'). Returns a function that stops it.
  onStatus(listener) {
    const handler = (event) => listener(event.detail);
    this.addEventListener('status', handler);
    listener({ state: this.state });
    return () => this.removeEventListener('status', handler);
  }

  // --- views -------------------------------------------------------------------------------

  register(view) {
    this.views.set(view.name, view);
  }

  unregister(view) {
    if (this.views.get(view.name) === view) this.views.delete(view.name);
  }

  // --- app messages ------------------------------------------------------------------------

  // listener(payload, message) for app messages named `name`, or for all of them when name
  // is '*'. Returns a function that removes the listener.
  onApp(name, listener) {
    let set = this.appListeners.get(name);
    if (!set) this.appListeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  sendApp(name, payload) {
    return this.send({ v: M.PROTOCOL_VERSION, type: 'app', name, payload: payload === undefined ? {} : payload });
  }

  // --- sending -------------------------------------------------------------------------------

  send(message) {
    if (!this.isOpen()) {
      console.warn('[diffable] not connected; dropped', message.type);
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  sendCellsRequest(view, message, barrier) {
    if (this.send(message)) this.cellReplies.push({ view, barrier: barrier || null });
    else if (barrier) this.resolveReorder(barrier, true);
  }

  trackReorder(entry) {
    this.reorders.push(entry);
    // A reply should come within moments; if the server never answers, stop waiting and
    // keep the move (the server's structure after any later mismatch would fix it).
    entry.timer = setTimeout(() => this.resolveReorder(entry, true), REORDER_TIMEOUT_MS);
  }

  resolveReorder(entry, accepted) {
    const index = this.reorders.indexOf(entry);
    if (index < 0) return;
    this.reorders.splice(index, 1);
    clearTimeout(entry.timer);
    if (!accepted) entry.view.revertReorder(entry);
  }

  // --- receiving ----------------------------------------------------------------------------

  receive(text) {
    const started = performance.now();
    const renders = debug.stats.renders;
    const reads = debug.stats.viewportReads;
    const chars = typeof text === 'string' ? text.length : 0;
    debug.stats.messagesReceived++;
    debug.stats.charsReceived += chars;
    const parsed = M.parseServerMessage(text);
    if (parsed.error) {
      debug.stats.malformed++;
      console.warn('[diffable] ignored a malformed message (' + parsed.error + '):', String(text).slice(0, 300));
      return;
    }
    const message = parsed.message;
    try {
      this.route(message);
    } catch (e) {
      // One bad message must not take the page down; the view may now disagree with the
      // server, which the next batch's count check will catch.
      debug.stats.malformed++;
      console.error('[diffable] failed to handle a ' + message.type + ' message:', e);
    }
    if (message.type === 'batch') {
      debug.recordBatch(message.view, message.seq, chars, performance.now() - started,
        debug.stats.renders - renders, debug.stats.viewportReads - reads);
    }
  }

  route(message) {
    switch (message.type) {
      case 'app': {
        for (const key of [message.name, '*']) {
          const set = this.appListeners.get(key);
          if (!set) continue;
          for (const listener of Array.from(set)) {
            try {
              listener(message.payload, message);
            } catch (e) {
              console.error('[diffable] app listener for "' + message.name + '" failed:', e);
            }
          }
        }
        return;
      }
      case 'error':
        return this.handleError(message);
      case 'cells': {
        const reply = this.cellReplies.shift();
        if (reply && reply.barrier) this.resolveReorder(reply.barrier, true);
        break;
      }
      default:
        break;
    }
    const view = this.views.get(message.view);
    if (!view) {
      console.warn('[diffable] message for a view this page does not show: "' + message.view + '"');
      return;
    }
    view.handleMessage(message);
  }

  // Whether an error only says that a window or cells request named a state the page has
  // since left behind (its view's seq moved on).
  superseded(message) {
    if (message.code !== 'stale' || (message.inReplyTo !== 'window' && message.inReplyTo !== 'cells')) return false;
    const view = this.views.get(message.view);
    return !!view && typeof message.seq === 'number' && view.seq !== message.seq;
  }

  // Whether a refused expand/collapse or selection was kept: its view sent it again against
  // the state that made it stale, or the rows already show it (diffable-toggles.js).
  kept(message) {
    if (message.code !== 'stale' || typeof message.seq !== 'number') return false;
    const view = this.views.get(message.view);
    if (!view) return false;
    if (message.inReplyTo === 'setExpanded') return view.toggles.refused(message.seq);
    // A selection that met a batch goes out again (diffable-view.js reselect).
    if (message.inReplyTo === 'select') return view.reselect(message.seq);
    return false;
  }

  handleError(message) {
    debug.stats.errors++;
    if (this.kept(message)) {
      // The user's click met a batch on the wire; it went out again, so no warning.
      debug.stats.togglesKept++;
    } else if (this.superseded(message)) {
      // The page moved on (a structure or batch came in) while its window or cells request
      // was on the wire: the request named an old state and the page has already asked
      // again for the new one. Normal, so not a warning; counted for the tests.
      debug.stats.staleReplies++;
    } else {
      console.warn('[diffable] server refused ' + (message.inReplyTo || 'a message') + ': ' + message.code +
        (message.message ? ' — ' + message.message : ''));
    }
    if (message.inReplyTo === 'cells') {
      const reply = this.cellReplies.shift();
      if (reply && reply.barrier) this.resolveReorder(reply.barrier, true);
      if (reply && reply.view) reply.view.scheduleSync();
    } else if (message.inReplyTo === 'reorder') {
      // The oldest unresolved reorder is the one refused: any earlier one was resolved by
      // its cells reply, which came before this error.
      const entry = this.reorders[0];
      if (entry) this.resolveReorder(entry, false);
    }
    this.dispatchEvent(new CustomEvent('servererror', { detail: message }));
  }
}
