// recipes.js — the Recipes page of `swift run recipes`. The sidebar and the recipe list are
// two collection views the Swift session drives; everything else on the page (the split
// view, the detail pane, the add and edit forms, the delete confirmation and the undo toast)
// is drawn here from the session's `app` messages, and the user's actions go back as `app`
// messages.
//
// The split view collapses as UISplitViewController does (recipes.css has the widths):
// three columns when wide; list and detail with the sidebar as an overlay when medium; one
// column at a time when compact, a navigation stack sidebar → list → detail that the
// browser's back and forward buttons move through. The user's place (the filter and the
// recipe) is in the URL — `?filter=Favorites&recipe=12` — so a reload, a new session, a
// shared link and back/forward bring it back: on a page's first connect, and whenever its
// session could not be resumed after a drop, the page sends `restore`. A resumed session
// (DiffableWeb resumes after a drop within the server's grace period) is where it was.

import { DiffableConnection, DiffableCollectionView, exposeDebug } from '/diffable.js';

const $ = (id) => document.getElementById(id);

const TOAST_MS = 8000;
const FORM_REPLY_TIMEOUT_MS = 10000;
const AWAIT_DETAIL_MS = 4000;
const DEFAULT_FILTER = 'All Recipes';
const RECIPE_ROW_HEIGHT = 68;
const EMPTY_HINTS = {
  'All Recipes': 'Add a recipe to get started.',
  Favorites: 'Recipes you mark as favorites appear here.',
  Recents: 'Recipes added lately appear here.',
};
// The same widths as recipes.css: three columns from the first, two from the second.
const LAYOUT_QUERIES = {
  wide: window.matchMedia('(min-width: 1000px)'),
  medium: window.matchMedia('(min-width: 700px)'),
};
const COLUMNS = ['sidebar', 'list', 'detail'];

const connection = new DiffableConnection();
const sidebarView = new DiffableCollectionView($('sidebar'), connection, 'sidebar', { label: 'Sidebar' });
// A little taller than a plain subtitle row, so the 48-point picture has air around it.
const listView = new DiffableCollectionView($('recipe-list'), connection, 'recipes', {
  label: 'Recipes', assetBase: '/images/', rowHeight: () => RECIPE_ROW_HEIGHT,
});

const app = $('app');
const state = {
  // The recipe the detail pane shows (the server's last `detail` payload), or null.
  detail: null,
  // The filter the list shows (the server's last `filter`), and one asked for since.
  filter: DEFAULT_FILTER,
  pendingFilter: null,
  editing: false,
  // The form waiting for the server's `formResult`: {mode, timer}.
  pending: null,
  // Set once the page has been connected: a later `open` is a new session.
  wasOpen: false,
  // 'wide', 'medium' or 'compact'; and, when compact, the column on top.
  layout: 'wide',
  column: 'sidebar',
  // How many entries this page pushed below the current one (history.state.depth).
  depth: 0,
  sidebarOpen: false,
  // A recipe tapped in the compact list, until its `detail` arrives: {id, timer}.
  awaiting: null,
  // The place sent with `restore`, until the server has answered with its `detail`:
  // {filter, recipeId, filterSeen, timer}.
  restoring: null,
  // The recipe a restore selected: its `reveal`, if the server sends one, only scrolls.
  restoredId: null,
};

// --- small helpers ----------------------------------------------------------------------

function formatMinutes(minutes) {
  const total = Math.max(0, Math.round(Number(minutes) || 0));
  if (total === 0) return '—';
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (!hours) return rest + ' min';
  return hours + ' hr' + (rest ? ' ' + rest + ' min' : '');
}

function lines(text) {
  return String(text || '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
}

function isVisible(el) {
  return !!el && el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert]');
}

function isTyping(target) {
  return !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

function recipeId(value) {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

// The list's selected row where it is drawn, else its roving row (the one Tab lands on,
// focused where it is, without scrolling the list away from what the user looked at),
// or the list itself.
function focusList() {
  const list = $('recipe-list');
  const selected = list.querySelector('.dcv-cell[aria-selected="true"]:not(.dcv-ghost)');
  const row = list.querySelector('.dcv-cell[tabindex="0"]');
  if (selected) selected.focus();
  else if (row) row.focus({ preventScroll: true });
  else {
    if (!list.hasAttribute('tabindex')) list.tabIndex = -1;
    list.focus();
  }
}

function focusSidebar() {
  const row = $('sidebar').querySelector('.dcv-cell[aria-selected="true"]') || $('sidebar').querySelector('.dcv-cell[tabindex="0"]');
  if (row) row.focus();
  else $('app-title').focus();
}

// Sends an app message if the page is connected (offline, the page says so itself rather
// than have the connection drop it with a console warning).
function sendApp(name, payload) {
  return connection.isOpen() && connection.sendApp(name, payload);
}

function send(name, payload) {
  if (sendApp(name, payload)) return true;
  showToast('Not connected to the server. Try again once it reconnects.', false, 'offline');
  return false;
}

// --- the place in the URL -------------------------------------------------------------------

// What the address and this page's history entry say: {filter, recipeId, column, depth}.
// Without an entry of ours (a fresh load, a shared link) the column follows the address:
// a recipe opens its detail, a filter its list, nothing the sidebar.
function readLocation() {
  const params = new URLSearchParams(window.location.search);
  const filter = params.get('filter') || null;
  const id = recipeId(params.get('recipe'));
  const saved = window.history.state && window.history.state.recipes ? window.history.state : null;
  const column = saved && COLUMNS.includes(saved.column) ? saved.column : id ? 'detail' : filter ? 'list' : 'sidebar';
  return { filter, recipeId: id, column, depth: saved && Number.isInteger(saved.depth) ? saved.depth : 0 };
}

// What the address should say now: on a phone, only what its column shows (the list's
// address has no recipe, the sidebar's none at all); elsewhere the filter unless it is
// All Recipes, and the recipe shown.
function currentPlace() {
  const shown = state.awaiting ? state.awaiting.id : state.detail ? state.detail.id : null;
  const filter = state.pendingFilter || state.filter;
  if (state.layout === 'compact') {
    return {
      filter: state.column === 'sidebar' ? null : filter,
      recipeId: state.column === 'detail' ? shown : null,
    };
  }
  return { filter: filter !== DEFAULT_FILTER ? filter : null, recipeId: shown };
}

function addressOf(place) {
  const params = new URLSearchParams();
  if (place.filter) params.set('filter', place.filter);
  if (place.recipeId != null) params.set('recipe', String(place.recipeId));
  const query = params.toString();
  return window.location.pathname + (query ? '?' + query : '') + window.location.hash;
}

// Pushes a new entry (a step deeper in the phone's stack) or rewrites the current one.
function writeLocation(push) {
  const place = currentPlace();
  const entry = { recipes: 1, column: state.column, depth: state.depth + (push ? 1 : 0), filter: place.filter, recipeId: place.recipeId };
  const address = addressOf(place);
  if (push) {
    state.depth = entry.depth;
    window.history.pushState(entry, '', address);
    return;
  }
  const current = window.history.state || {};
  const same = current.recipes && current.column === entry.column && current.depth === entry.depth &&
    window.location.pathname + window.location.search + window.location.hash === address;
  if (!same) window.history.replaceState(entry, '', address);
}

// Asks the server for a place (the session answers with `filter` and `detail`).
function restore(place) {
  const filter = place.filter || DEFAULT_FILTER;
  const id = place.recipeId != null ? place.recipeId : null;
  endRestore();
  state.restoring = { filter, recipeId: id, filterSeen: false, timer: setTimeout(endRestore, AWAIT_DETAIL_MS) };
  state.pendingFilter = filter;
  if (id != null && (!state.detail || state.detail.id !== id)) awaitDetail(id);
  if (!sendApp('restore', { filter, recipeId: id })) {
    endRestore();
    clearAwaiting();
  }
}

function endRestore() {
  if (state.restoring) clearTimeout(state.restoring.timer);
  state.restoring = null;
  state.pendingFilter = null;
}

// --- the split view ---------------------------------------------------------------------------

function currentLayout() {
  if (LAYOUT_QUERIES.wide.matches) return 'wide';
  return LAYOUT_QUERIES.medium.matches ? 'medium' : 'compact';
}

function setInert(el, inert) {
  if (inert) el.setAttribute('inert', '');
  else el.removeAttribute('inert');
}

// Which panes can be reached: on a phone only the column on top; with the overlay open
// only the sidebar (it is modal, as the overlay of a split view is), closed everything
// but the sidebar.
function applyColumns() {
  const compact = state.layout === 'compact';
  const medium = state.layout === 'medium';
  app.dataset.layout = state.layout;
  app.dataset.column = state.column;
  app.classList.toggle('sidebar-open', medium && state.sidebarOpen);
  setInert($('sidebar-pane'), (compact && state.column !== 'sidebar') || (medium && !state.sidebarOpen));
  setInert($('content'), (compact && state.column === 'sidebar') || (medium && state.sidebarOpen));
  setInert($('list-pane'), compact && state.column === 'detail');
  setInert($('detail-pane'), compact && state.column === 'list');
  $('sidebar-toggle').setAttribute('aria-expanded', String(medium && state.sidebarOpen));
}

// Moves focus to a column that just came on top: forward, to its title (a screen reader
// starts there); back, to the row the user came from.
function focusColumn(column, forward) {
  if (isDialogOpen()) return;
  if (column === 'sidebar') focusSidebar();
  else if (column === 'list') {
    if (forward) $('filter-title').focus();
    else focusList();
  } else if (!$('detail').hidden) $('detail-title').focus();
  else $('detail-back').focus();
}

// Puts a column on top of the phone's stack; deeper columns are pushed, so the browser's
// back button comes back.
function showColumn(column, options) {
  const opts = options || {};
  const previous = state.column;
  const deeper = COLUMNS.indexOf(column) > COLUMNS.indexOf(previous);
  state.column = column;
  applyColumns();
  if (state.layout === 'compact') writeLocation(!!opts.push && deeper);
  else writeLocation(false);
  if (opts.focus && state.layout === 'compact' && column !== previous) focusColumn(column, deeper);
}

// The bar's back button: the browser's back when the column below is ours, otherwise
// (a shared link opened deep) the column below replaces this one.
function goBack() {
  const target = state.column === 'detail' ? 'list' : 'sidebar';
  if (state.depth > 0) {
    window.history.back();
    return;
  }
  state.column = target;
  applyColumns();
  writeLocation(false);
  focusColumn(target, false);
}

window.addEventListener('popstate', () => {
  const entry = readLocation();
  const previous = state.column;
  state.depth = entry.depth;
  state.column = entry.column;
  if (state.sidebarOpen) closeSidebar(false);
  applyColumns();
  // Ask the server only for what differs: an entry names a filter and maybe a recipe;
  // the sidebar's names neither and changes nothing.
  const filter = entry.filter || state.filter;
  const shownId = state.detail ? state.detail.id : null;
  if ((entry.filter && entry.filter !== state.filter) || (entry.recipeId != null && entry.recipeId !== shownId)) {
    restore({ filter, recipeId: entry.recipeId });
  } else if (state.layout !== 'compact') {
    writeLocation(false);
  }
  if (state.layout === 'compact' && entry.column !== previous) {
    focusColumn(entry.column, COLUMNS.indexOf(entry.column) > COLUMNS.indexOf(previous));
  }
});

function onLayoutChange() {
  const layout = currentLayout();
  if (layout === state.layout) return;
  state.layout = layout;
  if (layout !== 'medium' && state.sidebarOpen) closeSidebar(false);
  // Collapsing shows what the wider layout showed last: the recipe, else the list.
  if (layout === 'compact') state.column = state.detail ? 'detail' : 'list';
  applyColumns();
  writeLocation(false);
}
LAYOUT_QUERIES.wide.addEventListener('change', onLayoutChange);
LAYOUT_QUERIES.medium.addEventListener('change', onLayoutChange);

// The sidebar overlay (medium): opened by the list bar's button, closed by Escape, a
// click outside it, its close button or a choice in it; focus goes in and comes back.
function openSidebar() {
  if (state.layout !== 'medium' || state.sidebarOpen) return;
  state.sidebarOpen = true;
  applyColumns();
  focusSidebar();
}

function closeSidebar(returnFocus) {
  if (!state.sidebarOpen) return;
  state.sidebarOpen = false;
  applyColumns();
  if (returnFocus && !isDialogOpen()) $('sidebar-toggle').focus();
}

$('sidebar-toggle').addEventListener('click', () => {
  if (state.sidebarOpen) closeSidebar(true);
  else openSidebar();
});
$('sidebar-close').addEventListener('click', () => closeSidebar(true));
$('sidebar-scrim').addEventListener('click', () => closeSidebar(true));
$('list-back').addEventListener('click', goBack);
$('detail-back').addEventListener('click', goBack);

// A row chosen by the user (click, tap, Enter or Space), as opposed to a selection the
// server makes: the views' selectRow is where both input paths end.
function onSelect(view, handler) {
  const select = view.selectRow;
  if (typeof select !== 'function') return;
  view.selectRow = function (row) {
    const result = select.apply(this, arguments);
    if (row && row.cell) handler(row.cell);
    return result;
  };
}

onSelect(sidebarView, (cell) => {
  const title = cell.content && typeof cell.content.text === 'string' ? cell.content.text : null;
  if (!title) return;
  // The list's title changes when the server says the list did (`filter`); the address
  // and the stack move now.
  state.pendingFilter = title;
  if (state.layout === 'compact') showColumn('list', { push: true, focus: true });
  else if (state.sidebarOpen) closeSidebar(true);
  else writeLocation(false);
});

onSelect(listView, (cell) => {
  const id = recipeId(cell.id);
  if (id == null || state.layout !== 'compact') return;
  if (!state.detail || state.detail.id !== id) awaitDetail(id);
  showColumn('detail', { push: true, focus: !state.awaiting });
});

// Until the tapped recipe's `detail` arrives the detail pane shows nothing (not the
// recipe before it); a reply that never comes (offline) stops the wait.
function awaitDetail(id) {
  clearAwaiting();
  state.awaiting = {
    id,
    timer: setTimeout(clearAwaiting, AWAIT_DETAIL_MS),
  };
  $('detail-pane').dataset.awaiting = String(id);
}

function clearAwaiting() {
  if (state.awaiting) clearTimeout(state.awaiting.timer);
  state.awaiting = null;
  delete $('detail-pane').dataset.awaiting;
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && state.sidebarOpen && !isDialogOpen()) {
    event.preventDefault();
    closeSidebar(true);
  }
});

// --- connection status --------------------------------------------------------------------

const statusEl = $('connection-status');
const STATUS_LABELS = { open: 'Connected', connecting: 'Connecting…', closed: 'Offline' };
const banner = $('offline-banner');

function showOffline(text) {
  // The banner is a live region: its words change only when the news does.
  if ($('offline-text').textContent !== text) $('offline-text').textContent = text;
  banner.classList.toggle('is-shown', !!text);
}

// A line under the offline one, in the flow (it covers nothing), that stays until dismissed:
// the news that the session was replaced matters even to someone who looked away.
function showSessionNotice(text) {
  // Shown before its words change, so that screen readers announce them.
  if (text) $('session-notice-box').hidden = false;
  if ($('session-notice-text').textContent !== text) $('session-notice-text').textContent = text;
  if (!text) $('session-notice-box').hidden = true;
}
$('session-notice-close').addEventListener('click', () => {
  const hadFocus = $('session-notice').contains(document.activeElement);
  showSessionNotice('');
  if (hadFocus) focusList();
});

connection.onStatus(({ state: status, resumed, lost }) => {
  statusEl.dataset.state = status;
  statusEl.textContent = STATUS_LABELS[status] || status;
  statusEl.title = '';
  document.body.classList.toggle('is-offline', status !== 'open');
  if (status !== 'open') {
    if (state.wasOpen || status === 'closed') {
      // The offline line speaks for the connection now; an older notice is old news.
      showSessionNotice('');
      showOffline(state.wasOpen
        ? 'Offline. Reconnecting… Changes can’t be saved until the server is back.'
        : 'Can’t reach the Recipes server. Retrying…');
    }
    return;
  }
  showOffline('');
  if (!toast.hidden && toast.dataset.kind === 'offline') hideToast();
  // A resumed session is where the page left it: the server kept the filter, the
  // selection and the sidebar's outline, and replies to anything sent before the drop
  // follow. Only a reloaded page, whose detail pane starts empty, asks for its place.
  if (state.wasOpen && resumed) return;
  // Undo belongs to the session that deleted: a new one has no deletion to undo, and would
  // answer the button with an error.
  if (!toast.hidden && toast.dataset.kind === 'undo') hideToast();
  // A new session starts at All Recipes with nothing selected, so the page asks for its
  // place back (the address's on the first connect) and, when it replaced one the user was
  // in, says what that means.
  if (lost) {
    showSessionNotice('You were offline too long, so Recipes started a new session. ' +
      'Your place is back; check that your last change was saved.');
  }
  let place;
  if (state.wasOpen) {
    const shown = state.awaiting ? state.awaiting.id : state.detail ? state.detail.id : null;
    place = { filter: state.filter, recipeId: shown };
  } else {
    const entry = readLocation();
    place = { filter: entry.filter || DEFAULT_FILTER, recipeId: entry.recipeId };
  }
  state.wasOpen = true;
  if (place.filter !== DEFAULT_FILTER || place.recipeId != null) restore(place);
  else {
    endRestore();
    clearAwaiting();
    setFilter(DEFAULT_FILTER, false);
    showDetail(null);
  }
});
// The sidebar's bar has room for a word; the retry delay goes in the tooltip.
connection.addEventListener('retry', (event) => {
  statusEl.title = 'Retrying in ' + Math.max(1, Math.round(event.detail.delay / 1000)) + ' s';
});

// --- the list pane's header ----------------------------------------------------------------

function setFilter(name, write) {
  state.filter = typeof name === 'string' && name ? name : DEFAULT_FILTER;
  state.pendingFilter = null;
  $('filter-title').textContent = state.filter;
  $('detail-back-label').textContent = state.filter;
  document.title = state.filter + ' — Recipes';
  $('list-empty-hint').textContent = EMPTY_HINTS[state.filter] || 'No recipes in this collection yet.';
  if (write !== false) writeLocation(false);
}

function updateCount() {
  const known = listView.seq !== null;
  const count = listView.sections.reduce((sum, section) => sum + section.rows.length, 0);
  $('list-count').textContent = known ? count + (count === 1 ? ' recipe' : ' recipes') : '';
  $('list-empty').hidden = !known || count > 0;
}

for (const type of ['structure', 'batch', 'reorder', 'reorderreverted']) {
  listView.addEventListener(type, updateCount);
}
connection.onStatus(updateCount);
listView.addEventListener('reorderreverted', () => showToast('The recipe could not be moved there.', false));

const editButton = $('edit-button');
editButton.addEventListener('click', () => {
  state.editing = !state.editing;
  if (!state.editing && listView.openSwipe) listView.closeSwipe(false);
  listView.setEditing(state.editing);
  // As in UIKit, the button names what it does next ("Done" ends editing), so its label
  // carries the state and it is not also a pressed/unpressed toggle.
  editButton.textContent = state.editing ? 'Done' : 'Edit';
  editButton.dataset.editing = String(state.editing);
  $('list-pane').classList.toggle('is-editing', state.editing);
});

// Editing as in UIKit: the red minus (or Delete/Backspace on a row) uncovers the row's
// Delete button, and only that button deletes; a second press, or a tap elsewhere,
// covers it again.
const activateAccessory = listView.activateAccessory;
listView.activateAccessory = function (row, kind) {
  if (kind !== 'delete') return activateAccessory.apply(this, arguments);
  if (this.openSwipe && this.openSwipe.row === row) this.closeSwipe(true);
  else this.openSwipeActions(row, 'trailing', true);
  return undefined;
};

$('add-button').addEventListener('click', () => openForm('add', null));

// --- detail -------------------------------------------------------------------------------

function fillList(list, items, tag, emptyText) {
  list.textContent = '';
  for (const text of items) {
    const el = document.createElement(tag);
    el.textContent = text;
    list.appendChild(el);
  }
  if (!items.length && emptyText) {
    const el = document.createElement(tag);
    el.className = 'placeholder-text';
    el.textContent = emptyText;
    list.appendChild(el);
  }
}

function showDetail(recipe) {
  const valid = recipe && typeof recipe === 'object' && recipe.id != null;
  const detail = $('detail');
  const pane = $('detail-pane');
  const hadFocus = pane.contains(document.activeElement) && document.activeElement !== $('detail-back');
  const previous = state.detail;
  state.detail = valid ? recipe : null;
  pane.dataset.recipeId = valid ? String(recipe.id) : '';
  $('detail-toolbar').hidden = !valid;
  if (!valid) {
    detail.hidden = true;
    $('detail-empty').hidden = false;
    if (hadFocus && !isDialogOpen()) focusList();
    return;
  }
  detail.hidden = false;
  $('detail-empty').hidden = true;
  detail.dataset.recipeId = String(recipe.id);

  const title = String(recipe.title || 'Untitled');
  $('detail-title').textContent = title;
  const image = $('detail-image');
  const src = '/images/' + encodeURIComponent(recipe.imageName || 'placeholder') + '.svg';
  if (image.getAttribute('src') !== src) {
    image.classList.remove('is-missing');
    image.src = src;
  }
  // The picture illustrates the title right beside it: nothing more to say about it.
  image.alt = '';
  $('detail-prep').textContent = formatMinutes(recipe.prepMinutes);
  $('detail-cook').textContent = formatMinutes(recipe.cookMinutes);
  $('detail-total').textContent = formatMinutes((Number(recipe.prepMinutes) || 0) + (Number(recipe.cookMinutes) || 0));
  $('detail-servings').textContent = String(recipe.servings || '').trim() || '—';

  const collections = Array.isArray(recipe.collections) ? recipe.collections.map(String).filter(Boolean) : [];
  fillList($('detail-collections'), collections, 'li', null);
  $('detail-collections').hidden = collections.length === 0;
  fillList($('detail-ingredients'), lines(recipe.ingredients), 'li', 'No ingredients yet.');
  fillList($('detail-directions'), lines(recipe.directions), 'p', 'No directions yet.');

  const favorite = !!recipe.isFavorite;
  const favoriteButton = $('detail-favorite');
  favoriteButton.setAttribute('aria-pressed', String(favorite));
  favoriteButton.dataset.favorite = String(favorite);
  // The name stays "Favorite"; aria-pressed carries the state, as a toggle button should.
  favoriteButton.title = favorite ? 'Remove from Favorites' : 'Add to Favorites';

  // Another recipe starts at its top; the same one, changed, keeps the reader's place.
  if (!previous || previous.id !== recipe.id) $('detail-scroll').scrollTop = 0;
}

$('detail-image').addEventListener('error', (event) => event.target.classList.add('is-missing'));

$('detail-favorite').addEventListener('click', () => {
  if (state.detail) send('toggleFavorite', { id: state.detail.id });
});
$('detail-edit').addEventListener('click', () => {
  if (state.detail) openForm('edit', state.detail);
});
$('detail-delete').addEventListener('click', () => {
  if (state.detail) confirmDelete(state.detail);
});

connection.onApp('detail', (payload) => {
  const valid = payload && typeof payload === 'object' && payload.id != null;
  const restoring = state.restoring;
  // A restore is answered by `filter`, then the `detail` of the place; a `detail` before
  // the `filter` only clears the old selection on the way.
  if (restoring && !restoring.filterSeen) {
    showDetail(payload);
    return;
  }
  const awaited = state.awaiting ? state.awaiting.id : null;
  endRestore();
  clearAwaiting();
  showDetail(payload);
  state.restoredId = restoring && valid ? recipeId(payload.id) : null;
  if (state.restoredId != null) revealLoadedRow(state.restoredId);
  if (state.layout === 'compact' && state.column === 'detail') {
    if (!valid) {
      // The recipe went (deleted here or in another tab, or a link to one that is gone):
      // the stack goes back to the list, as UIKit pops a detail whose item is gone.
      if (state.depth > 0 && !restoring) window.history.back();
      else showColumn('list', { focus: !restoring });
      return;
    }
    if (awaited != null && awaited === recipeId(payload.id) && !restoring && !isDialogOpen()) $('detail-title').focus();
  }
  writeLocation(false);
});
connection.onApp('filter', (payload) => {
  if (state.restoring) state.restoring.filterSeen = true;
  setFilter(payload);
});

// `reveal` {id, indexPath}: a recipe this tab just added is selected and shown; its row
// scrolls into view (the insert may still be on its way), and a phone shows its detail.
// The reveal of a restored recipe (a server may send one) only scrolls: the column is
// already the one the address names.
connection.onApp('reveal', (payload) => {
  const path = payload && Array.isArray(payload.indexPath) ? payload.indexPath.map(Number) : null;
  if (path && path.length === 2 && path.every((n) => Number.isInteger(n) && n >= 0)) revealRow(path, 2);
  const restored = state.restoredId != null && payload && recipeId(payload.id) === state.restoredId;
  state.restoredId = null;
  if (!restored && state.layout === 'compact' && state.column !== 'detail' && state.detail) {
    showColumn('detail', { push: true, focus: true });
  }
});

function revealRow(path, tries) {
  const [s, i] = path;
  const section = listView.sections[s];
  if (!section || i >= section.rows.length) {
    if (tries > 0) {
      const retry = () => {
        listView.removeEventListener('batch', retry);
        listView.removeEventListener('structure', retry);
        revealRow(path, tries - 1);
      };
      listView.addEventListener('batch', retry);
      listView.addEventListener('structure', retry);
    }
    return;
  }
  listView.scrollToRow(listView.ensureRow(s, i));
  listView.scheduleRender();
}

// After a restore: the selected row, if its cell is loaded, is brought into view.
function revealLoadedRow(id) {
  const section = listView.sections[0];
  if (!section || id == null) return;
  const index = section.rows.findIndex((row) => row && row.cell && recipeId(row.cell.id) === id);
  if (index >= 0) revealRow([0, index], 0);
}

// --- dialogs ------------------------------------------------------------------------------

// Focus goes back where it was when a dialog opened, or to the list when that is gone.
const openers = new WeakMap();

function isDialogOpen() {
  return !!document.querySelector('dialog[open]');
}

function openDialog(dialog, initialFocus) {
  openers.set(dialog, document.activeElement);
  dialog.showModal();
  if (initialFocus) initialFocus.focus();
}

function restoreFocus(dialog) {
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (isVisible(opener) && !opener.closest('[hidden]')) opener.focus();
  else focusList();
}

for (const dialog of document.querySelectorAll('dialog')) {
  dialog.addEventListener('close', () => restoreFocus(dialog));
  // Escape closes even where the browser would skip the cancel event (a second Escape
  // without user activation in between).
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && dialog.open) {
      event.preventDefault();
      dialog.close('cancel');
    }
  });
}

// --- delete, with confirmation and undo -----------------------------------------------------

const confirmDialog = $('confirm-dialog');
let deleteTarget = null;

function confirmDelete(recipe) {
  deleteTarget = recipe.id;
  $('confirm-message').textContent = '“' + String(recipe.title || 'Untitled') + '” will be removed from all collections. You can undo this right after.';
  // Cancel gets focus: a stray Enter must not delete.
  openDialog(confirmDialog, $('confirm-cancel'));
}

$('confirm-cancel').addEventListener('click', () => confirmDialog.close('cancel'));
$('confirm-delete').addEventListener('click', () => {
  const id = deleteTarget;
  deleteTarget = null;
  // The detail pane empties once the recipe goes, so focus moves on to the list now.
  openers.set(confirmDialog, null);
  confirmDialog.close('delete');
  if (id != null) send('deleteRecipe', { id });
});

// --- toast --------------------------------------------------------------------------------

const toast = $('toast');
let toastTimer = 0;
let toastPaused = false;

// undoable: true when Undo should show (a `deleted` message); kind names plain notices
// ('offline' ones go away once the page reconnects).
function showToast(message, undoable, kind) {
  clearTimeout(toastTimer);
  toast.hidden = false;
  toast.dataset.kind = undoable ? 'undo' : kind || 'notice';
  $('toast-undo').hidden = !undoable;
  // Set after un-hiding, so that screen readers announce the new text.
  $('toast-message').textContent = message;
  scheduleToastHide();
}

function scheduleToastHide() {
  clearTimeout(toastTimer);
  if (!toastPaused) toastTimer = setTimeout(hideToast, TOAST_MS);
}

function hideToast() {
  clearTimeout(toastTimer);
  if (toast.hidden) return;
  const hadFocus = toast.contains(document.activeElement);
  toast.hidden = true;
  toastPaused = false;
  if (hadFocus) focusList();
}

// The toast stays while the pointer or focus is on it: nobody loses Undo mid-reach.
const pauseToast = () => { toastPaused = true; clearTimeout(toastTimer); };
const resumeToast = () => { toastPaused = false; if (!toast.hidden) scheduleToastHide(); };
toast.addEventListener('pointerenter', pauseToast);
toast.addEventListener('pointerleave', () => { if (!toast.contains(document.activeElement)) resumeToast(); });
toast.addEventListener('focusin', pauseToast);
toast.addEventListener('focusout', (event) => { if (!toast.contains(event.relatedTarget)) resumeToast(); });

function undoDelete() {
  if (send('undoDelete', {})) hideToast();
}

$('toast-undo').addEventListener('click', undoDelete);
$('toast-close').addEventListener('click', hideToast);

connection.onApp('deleted', (payload) => {
  const title = payload && payload.title ? String(payload.title) : 'Recipe';
  showToast('Deleted “' + title + '”', true);
  toast.dataset.recipeId = payload && payload.id != null ? String(payload.id) : '';
});

// `saved` {request, id?, isFavorite?}: a change this tab asked for is on disk. Said politely,
// in the toast's live region but not in a toast: the change already shows on screen.
const SAVED_WORDS = {
  reorder: () => 'Saved the new order.',
  undoDelete: () => 'Saved: the recipe is back.',
  toggleFavorite: (payload) => (payload.isFavorite ? 'Saved: added to Favorites.' : 'Saved: removed from Favorites.'),
};
let savedTimer = 0;

connection.onApp('saved', (payload) => {
  const saved = payload && typeof payload === 'object' ? payload : {};
  const words = Object.prototype.hasOwnProperty.call(SAVED_WORDS, saved.request) ? SAVED_WORDS[saved.request](saved) : 'Saved.';
  const status = $('save-status');
  clearTimeout(savedTimer);
  // Emptied first, so that the same words twice in a row are announced twice.
  status.textContent = '';
  savedTimer = setTimeout(() => {
    status.textContent = words;
    savedTimer = setTimeout(() => { status.textContent = ''; }, TOAST_MS);
  }, 50);
});

// A change that was refused or could not be saved: nothing changed (unless the message
// says it may have been saved: the database went away before confirming), and the user
// hears why. A refused `restore` (a server without it) leaves the page where the server is.
connection.onApp('requestFailed', (payload) => {
  if (payload && payload.request === 'restore') {
    endRestore();
    clearAwaiting();
    setFilter(DEFAULT_FILTER);
    showDetail(null);
    return;
  }
  const message = payload && payload.message ? String(payload.message) : 'That change was not saved.';
  showToast(message, false);
});

document.addEventListener('keydown', (event) => {
  // Ctrl+Z (⌘Z) undoes the last delete while its toast is up, outside text fields.
  const undoKey = (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z';
  if (undoKey && !toast.hidden && toast.dataset.kind === 'undo' && !isTyping(event.target) && !isDialogOpen()) {
    event.preventDefault();
    undoDelete();
  } else if (event.key === 'Escape' && !toast.hidden && toast.contains(event.target)) {
    hideToast();
  }
});

// --- add and edit form ---------------------------------------------------------------------

const formDialog = $('recipe-form-dialog');
const form = $('recipe-form');
const fields = {
  title: $('form-title'),
  prepMinutes: $('form-prep'),
  cookMinutes: $('form-cook'),
  servings: $('form-servings'),
  ingredients: $('form-ingredients'),
  directions: $('form-directions'),
  collections: $('form-collections'),
};

function openForm(mode, recipe) {
  endPending();
  form.reset();
  clearFormError();
  formDialog.dataset.mode = mode;
  form.dataset.mode = mode;
  form.dataset.recipeId = recipe ? String(recipe.id) : '';
  $('recipe-form-title').textContent = mode === 'add' ? 'New Recipe' : 'Edit Recipe';
  $('form-submit').textContent = mode === 'add' ? 'Add' : 'Save';
  if (recipe) {
    fields.title.value = recipe.title || '';
    fields.prepMinutes.value = recipe.prepMinutes ? String(recipe.prepMinutes) : '';
    fields.cookMinutes.value = recipe.cookMinutes ? String(recipe.cookMinutes) : '';
    fields.servings.value = recipe.servings || '';
    fields.ingredients.value = recipe.ingredients || '';
    fields.directions.value = recipe.directions || '';
    fields.collections.value = Array.isArray(recipe.collections) ? recipe.collections.join(', ') : '';
  }
  formDialog.querySelector('.sheet-body').scrollTop = 0;
  openDialog(formDialog, fields.title);
}

function showFormError(message, field) {
  const error = $('form-error');
  error.hidden = false;
  error.textContent = message;
  for (const input of Object.values(fields)) input.removeAttribute('aria-invalid');
  if (field) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-errormessage', 'form-error');
    field.focus();
  }
  formDialog.querySelector('.sheet-body').scrollTop = 0;
}

function clearFormError() {
  const error = $('form-error');
  error.hidden = true;
  error.textContent = '';
  for (const input of Object.values(fields)) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-errormessage');
  }
}

// A whole number of minutes, 0 when blank, or null when it is not one.
function minutes(input) {
  const text = input.value.trim();
  if (input.validity && input.validity.badInput) return null;
  if (!text) return 0;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

function setPending(mode) {
  endPending();
  state.pending = {
    mode,
    timer: setTimeout(() => {
      endPending();
      showFormError('The server did not answer. Try again.', null);
    }, FORM_REPLY_TIMEOUT_MS),
  };
  form.setAttribute('aria-busy', 'true');
  $('form-submit').disabled = true;
}

function endPending() {
  if (state.pending) clearTimeout(state.pending.timer);
  state.pending = null;
  form.removeAttribute('aria-busy');
  $('form-submit').disabled = false;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (state.pending) return;
  clearFormError();
  const mode = form.dataset.mode === 'edit' ? 'edit' : 'add';
  const title = fields.title.value.trim();
  if (!title) {
    showFormError('Give the recipe a title.', fields.title);
    return;
  }
  const prep = minutes(fields.prepMinutes);
  if (prep === null) {
    showFormError('Prep time must be a whole number of minutes.', fields.prepMinutes);
    return;
  }
  const cook = minutes(fields.cookMinutes);
  if (cook === null) {
    showFormError('Cook time must be a whole number of minutes.', fields.cookMinutes);
    return;
  }
  const payload = {
    title,
    prepMinutes: prep,
    cookMinutes: cook,
    servings: fields.servings.value.trim(),
    ingredients: fields.ingredients.value,
    directions: fields.directions.value,
    collections: fields.collections.value,
  };
  if (mode === 'edit') payload.id = Number(form.dataset.recipeId);
  if (!sendApp(mode === 'add' ? 'addRecipe' : 'updateRecipe', payload)) {
    showFormError('Not connected to the server. Your recipe is still here; try again once it reconnects.', null);
    return;
  }
  setPending(mode);
});

$('form-cancel').addEventListener('click', () => formDialog.close('cancel'));
formDialog.addEventListener('close', endPending);
// Typing again after an error is the answer to it.
for (const input of Object.values(fields)) {
  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true') input.removeAttribute('aria-invalid');
  });
}

connection.onApp('formResult', (payload) => {
  const result = payload && typeof payload === 'object' ? payload : {};
  const mode = formDialog.dataset.mode;
  // A reply for the other form (or one already closed) has nothing to show.
  if (!formDialog.open || (result.form && result.form !== mode)) return;
  endPending();
  if (result.ok === true) {
    formDialog.close('saved');
    return;
  }
  const message = result.message ? String(result.message) : 'The recipe could not be saved.';
  // The server names the field it refused; older replies only say it in words.
  const field = (typeof result.field === 'string' && fields[result.field]) || (/title/i.test(message) ? fields.title : null);
  showFormError(message, field);
});

// --- start ----------------------------------------------------------------------------------

{
  const entry = readLocation();
  state.layout = currentLayout();
  state.column = entry.column;
  state.depth = entry.depth;
  setFilter(entry.filter || DEFAULT_FILTER, false);
  showDetail(null);
  if (entry.recipeId != null) awaitDetail(entry.recipeId);
  applyColumns();
}

// For tests and the console, by this page's choice: the views, the connection and what the
// page shows, and DiffableWeb's counters (window.diffableDebug).
exposeDebug();
window.recipesPage = {
  connection, sidebarView, listView, state, showDetail, showToast,
  openSidebar, closeSidebar, goBack, currentPlace,
};

connection.connect();
