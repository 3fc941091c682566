// diffable-connection.js — DiffableConnection: the page's one WebSocket to a DiffableWeb
// server. It checks every message (diffable-model.js), routes list-view messages to the
// DiffableCollectionView registered under their `view`, hands `app` messages to listeners,
// and reconnects when the socket closes.
//
// A session outlives its connection for the server's grace period (Docs/WebProtocol.md,
// "Sessions"). The first message of every connection is `session`, with a token; after a
// drop the page connects again presenting it and each view's last seq, and the server
// answers with what the views missed, so they keep their rows, selection and scroll. The
// token is kept in sessionStorage too, so a reload resumes. Past the grace period (or
// after reconnect(), which asks for a fresh start) the session is new: every view gets a
// `structure`, and the 'session' event says the old one was lost, for the page to tell
// its user.

import * as M from './diffable-model.js';
import { debug } from './diffable-debug.js';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 8000;
const REORDER_TIMEOUT_MS = 10000;
// The server refuses a resume whose address names more views or is longer (as `malformed`);
// views left out start again from a `structure` instead.
const RESUME_MAX_VIEWS = 64;
const RESUME_MAX_QUERY = 8192;
const STORAGE_PREFIX = 'diffable-session ';

function defaultURL() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return scheme + '//' + location.host + '/ws';
}

function randomHex(bytes) {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

// sessionStorage can be missing or throw (a sandboxed frame, storage turned off, a full
// quota): the token then lives in memory only, and a reload starts a new session.
function storage() {
  try {
    return window.sessionStorage || null;
  } catch (e) {
    return null;
  }
}

function loadToken(key) {
  try {
    const s = storage();
    const token = s ? s.getItem(key) : null;
    return typeof token === 'string' && /^[0-9a-f]{32}$/.test(token) ? token : null;
  } catch (e) {
    return null;
  }
}

function saveToken(key, token) {
  try {
    const s = storage();
    if (!s) return;
    if (token) s.setItem(key, token);
    else s.removeItem(key);
  } catch (e) {
    // Memory only (see storage()).
  }
}

export class DiffableConnection extends EventTarget {
  // options: {autoReconnect: true, resume: true}. `resume: false` never presents a token:
  // every connection is a new session.
  constructor(url, options) {
    super();
    this.url = url || defaultURL();
    this.options = Object.assign({ autoReconnect: true, resume: true }, options || {});
    this.socket = null;
    this.views = new Map();
    this.appListeners = new Map();
    this.state = 'closed';
    this.retryDelay = RECONNECT_MIN_MS;
    this.retryTimer = 0;
    this.closedByPage = false;
    this.storageKey = STORAGE_PREFIX + this.url;
    // This page load's id: in memory only, so a duplicated tab (which copies sessionStorage,
    // and with it the token) has another.
    this.pageId = randomHex(16);
    this.token = this.options.resume ? loadToken(this.storageKey) : null;
    // The open socket's session has not said who it is yet (its `session` message).
    this.awaitingSession = false;
    // This page had a session and its connection dropped (the page did not close it): the
    // next fresh session replaces one the user was in the middle of.
    this.dropped = false;
    // What the last `session` message said: {token, resumed, refused, views, lost}.
    this.session = null;
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
    const url = this.resumeURL();
    let socket;
    try {
      socket = new WebSocket(url);
    } catch (e) {
      console.error('[diffable] cannot open ' + this.url + ':', e);
      this.handleClose();
      return;
    }
    this.socket = socket;
    this.awaitingSession = true;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.retryDelay = RECONNECT_MIN_MS;
      // Still 'connecting': the session message says whether the views can keep their rows.
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

  // The address to connect to: with the token and each view's last applied seq when the
  // page has a session to resume.
  resumeURL() {
    if (!this.options.resume) return this.url;
    const queryStart = this.url.indexOf('?');
    const existing = queryStart < 0 ? 0 : this.url.length - queryStart;
    // Every connection names this page load, so that after a drop the server can tell
    // it from a duplicated tab holding the same token.
    let query = 'page=' + this.pageId;
    if (this.token) {
      query += '&resume=' + this.token;
      let count = 0;
      for (const view of this.views.values()) {
        const seq = typeof view.resumePoint === 'function' ? view.resumePoint() : null;
        if (!M.isIndex(seq)) continue;
        const entry = '&seen=' + encodeURIComponent(view.name) + ':' + seq;
        if (count === RESUME_MAX_VIEWS || existing + query.length + entry.length > RESUME_MAX_QUERY) break;
        query += entry;
        count++;
      }
    }
    return this.url + (queryStart < 0 ? '?' : '&') + query;
  }

  // Closes for good (no reconnect until connect() again); the session is not resumed.
  close() {
    this.closedByPage = true;
    clearTimeout(this.retryTimer);
    this.forgetSession();
    if (this.socket) this.socket.close(1000, 'page closed the connection');
    this.socket = null;
    this.handleClose();
  }

  // Drops the current connection and opens a new one now, with a new session.
  reconnect() {
    this.closedByPage = false;
    clearTimeout(this.retryTimer);
    this.forgetSession();
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000, 'page reconnects');
    this.resetSession();
    this.connect();
  }

  // For tests and the console: the connection drops as if the network went away (the
  // token is kept), and reconnects as after any drop, unless options.autoReconnect is
  // false, in which case connect() resumes when the caller wants.
  dropForTesting() {
    if (this.socket) this.socket.close(4000, 'dropped for testing');
  }

  forgetSession() {
    this.token = null;
    this.dropped = false;
    saveToken(this.storageKey, null);
  }

  isOpen() {
    return this.state === 'open' && !!this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  handleClose() {
    if (this.state === 'open' && !this.closedByPage) this.dropped = true;
    this.awaitingSession = false;
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
    for (const entry of this.reorders) {
      clearTimeout(entry.timer);
      // Whether the server took it is unknown: a resumed view asks for a structure.
      entry.view.reorderUnanswered = true;
    }
    this.reorders = [];
    for (const view of this.views.values()) view.handleDisconnect();
  }

  // The connection's first message. Resumed: each view named catches up as the server
  // says (and keeps its rows); otherwise every view waits for its structure.
  handleSession(message) {
    this.awaitingSession = false;
    const resumed = message.resumed === true;
    const refused = message.refused || null;
    const views = resumed && message.views ? message.views : null;
    // A session the user was in is gone: the page should say so.
    const lost = !resumed && this.dropped;
    this.dropped = false;
    if (this.options.resume && message.graceSeconds > 0) {
      this.token = message.token;
      saveToken(this.storageKey, message.token);
    } else {
      this.forgetSession();
    }
    if (resumed) debug.stats.sessionsResumed++;
    else debug.stats.sessionsStarted++;
    this.session = { token: message.token, resumed, refused, views, lost };
    debug.lastSession = { resumed, refused, views, lost };
    // The connection is open from here, so what the views send as they take the session up
    // goes out; listeners hear of it once the views are in their new state.
    this.state = 'open';
    for (const view of this.views.values()) {
      const mode = views ? views[view.name] : undefined;
      try {
        if (mode) view.handleResume(mode);
        else view.handleConnect();
      } catch (e) {
        console.error('[diffable] view "' + view.name + '" failed to take up its session:', e);
      }
    }
    this.dispatchEvent(new CustomEvent('status', { detail: this.statusDetail() }));
    this.dispatchEvent(new CustomEvent('session', { detail: Object.assign({}, this.session) }));
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.dispatchEvent(new CustomEvent('status', { detail: this.statusDetail() }));
  }

  // {state}, and once open, what its session message said: resumed (the views kept their
  // rows), refused (why a presented token was not honoured) and lost (a session this page
  // had ended while it was offline, so whatever lived only on the server was reset).
  statusDetail() {
    const detail = { state: this.state };
    if (this.state === 'open' && this.session) {
      detail.resumed = this.session.resumed;
      detail.refused = this.session.refused;
      detail.lost = this.session.lost;
    }
    return detail;
  }

  // Calls listener({state, resumed, refused, lost}) now and whenever the state changes
  // ('connecting', 'open', 'closed'). Returns a function that stops it.
  onStatus(listener) {
    const handler = (event) => listener(event.detail);
    this.addEventListener('status', handler);
    listener(this.statusDetail());
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
    if (message.type === 'session' || this.awaitingSession) {
      if (message.type !== 'session' || !this.awaitingSession) {
        // Out of place: the views' state depends on it, so nothing is guessed.
        debug.stats.malformed++;
        console.warn('[diffable] ' + (this.awaitingSession ? 'a connection began with "' + message.type + '", not "session"; closing it'
          : 'a second "session" message; ignored'));
        if (this.awaitingSession && this.socket) this.socket.close(4001, 'no session message');
        return;
      }
      this.handleSession(message);
      return;
    }
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
