// recipes.js — the Recipes page of `swift run recipes`. The sidebar and the recipe list are
// two collection views the Swift session drives; everything else on the page (the detail
// pane, the add and edit forms, the delete confirmation and the undo toast) is drawn here
// from the session's `app` messages, and the user's actions go back as `app` messages.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);

  const TOAST_MS = 8000;
  const FORM_REPLY_TIMEOUT_MS = 10000;
  const DEFAULT_FILTER = 'All Recipes';
  const RECIPE_ROW_HEIGHT = 68;
  const EMPTY_HINTS = {
    'All Recipes': 'Add a recipe to get started.',
    Favorites: 'Recipes you mark as favorites appear here.',
    Recents: 'Recipes added lately appear here.',
  };

  const connection = new DiffableConnection();
  const sidebarView = new DiffableCollectionView($('sidebar'), connection, 'sidebar', { label: 'Filters' });
  // A little taller than a plain subtitle row, so the 48-point picture has air around it.
  const listView = new DiffableCollectionView($('recipe-list'), connection, 'recipes', {
    label: 'Recipes', assetBase: '/images/', rowHeight: () => RECIPE_ROW_HEIGHT,
  });

  const state = {
    // The recipe the detail pane shows (the server's last `detail` payload), or null.
    detail: null,
    filter: DEFAULT_FILTER,
    editing: false,
    // The form waiting for the server's `formResult`: {mode, timer}.
    pending: null,
    // Set once the page has been connected: a later `open` is a new session.
    wasOpen: false,
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
    return !!el && el.isConnected && el.getClientRects().length > 0;
  }

  function isTyping(target) {
    return !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  // The list's roving row (the one Tab lands on), or the list itself.
  function focusList() {
    const list = $('recipe-list');
    const row = list.querySelector('.dcv-cell[tabindex="0"]');
    if (row) row.focus();
    else {
      if (!list.hasAttribute('tabindex')) list.tabIndex = -1;
      list.focus();
    }
  }

  function send(name, payload) {
    if (connection.sendApp(name, payload)) return true;
    showToast('Not connected to the server. Try again once it reconnects.', null);
    return false;
  }

  // --- connection status --------------------------------------------------------------------

  const statusEl = $('connection-status');
  const STATUS_LABELS = { open: 'Connected', connecting: 'Connecting…', closed: 'Offline' };
  connection.onStatus(({ state: status }) => {
    statusEl.dataset.state = status;
    statusEl.textContent = STATUS_LABELS[status] || status;
    statusEl.title = '';
    document.body.classList.toggle('is-offline', status !== 'open');
    if (status !== 'open') return;
    // A new connection is a new session: nothing selected, the list shows everything.
    if (state.wasOpen) {
      setFilter(DEFAULT_FILTER);
      showDetail(null);
    }
    state.wasOpen = true;
  });
  // The sidebar's bar has room for a word; the retry delay goes in the tooltip.
  connection.addEventListener('retry', (event) => {
    statusEl.title = 'Retrying in ' + Math.max(1, Math.round(event.detail.delay / 1000)) + ' s';
  });

  // --- the list pane's header ----------------------------------------------------------------

  function setFilter(name) {
    state.filter = typeof name === 'string' && name ? name : DEFAULT_FILTER;
    $('filter-title').textContent = state.filter;
    document.title = state.filter + ' — Recipes';
    $('list-empty-hint').textContent = EMPTY_HINTS[state.filter] || 'No recipes in this collection yet.';
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
  listView.addEventListener('reorderreverted', () => showToast('The recipe could not be moved there.', null));

  const editButton = $('edit-button');
  editButton.addEventListener('click', () => {
    state.editing = !state.editing;
    listView.setEditing(state.editing);
    // As in UIKit, the button names what it does next ("Done" ends editing), so its label
    // carries the state and it is not also a pressed/unpressed toggle.
    editButton.textContent = state.editing ? 'Done' : 'Edit';
    editButton.dataset.editing = String(state.editing);
    $('list-pane').classList.toggle('is-editing', state.editing);
  });

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
    const hadFocus = pane.contains(document.activeElement);
    const previous = state.detail;
    state.detail = valid ? recipe : null;
    pane.dataset.recipeId = valid ? String(recipe.id) : '';
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
    image.alt = title;
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

  connection.onApp('detail', (payload) => showDetail(payload));
  connection.onApp('filter', (payload) => setFilter(payload));

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

  // undoable: true when Undo should show (a `deleted` message), false for plain notices.
  function showToast(message, undoable) {
    clearTimeout(toastTimer);
    toast.hidden = false;
    toast.dataset.kind = undoable ? 'undo' : 'notice';
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

  // A change that was refused or could not be saved: nothing changed, and the user hears why.
  connection.onApp('requestFailed', (payload) => {
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
    if (!connection.sendApp(mode === 'add' ? 'addRecipe' : 'updateRecipe', payload)) {
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

  setFilter(DEFAULT_FILTER);
  showDetail(null);

  // For tests and the console: the views, the connection and what the page shows.
  window.recipesPage = { connection, sidebarView, listView, state, showDetail, showToast };

  connection.connect();
})();
