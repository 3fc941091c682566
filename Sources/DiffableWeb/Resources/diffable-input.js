// diffable-input.js — what the user does to a DiffableCollectionView: clicks and keys
// (selection, roving focus, outline expand/collapse, accessories), swipe actions (pointer
// drag, the ⋯ affordance, Ctrl+Arrow keys) and drag to reorder (the reorder handle, or
// Alt+Arrow Up/Down). The view holds the state; this file turns events into calls on it.

import * as L from './diffable-layout.js';
import * as C from './diffable-cells.js';

const SWIPE_SLOP = 8;
const FULL_SWIPE = 0.6;
const AUTOSCROLL_EDGE = 48;

function rowOf(target) {
  const el = target && target.closest ? target.closest('.dcv-cell') : null;
  return el && el.dcvRow ? el.dcvRow : null;
}

function accessories(row) {
  return row && row.cell && Array.isArray(row.cell.accessories) ? row.cell.accessories : [];
}

function displayedAccessory(view, row, kind) {
  return accessories(row).find((a) => a && a.kind === kind && C.isDisplayed(a, view.editing) && a.isHidden !== true) || null;
}

function swipeEdges(row) {
  const swipe = row && row.cell && row.cell.swipe;
  const has = (edge) => !!(swipe && swipe[edge] && Array.isArray(swipe[edge].actions) && swipe[edge].actions.length);
  return { leading: has('leading'), trailing: has('trailing') };
}

function isRtl(view) {
  return getComputedStyle(view.element).direction === 'rtl';
}

// --- clicks -------------------------------------------------------------------------------

function onClick(view, event) {
  if (view.suppressClick) {
    view.suppressClick = false;
    event.preventDefault();
    return;
  }
  const row = rowOf(event.target);
  if (!row) return;
  const action = event.target.closest('[data-action]');
  if (action) {
    view.performSwipeAction(row, action.getAttribute('data-edge'), action.getAttribute('data-action'));
    return;
  }
  if (event.target.closest('.dcv-swipe-affordance')) {
    const edges = swipeEdges(row);
    if (view.openSwipe && view.openSwipe.row === row) view.closeSwipe(true);
    else view.openSwipeActions(row, edges.trailing ? 'trailing' : 'leading', event.detail === 0);
    return;
  }
  // A tap anywhere closes open swipe actions and does nothing else (as in UIKit).
  if (view.openSwipe) {
    view.closeSwipe(view.openSwipe.row === row);
    return;
  }
  const accessory = event.target.closest('[data-accessory]');
  const kind = accessory ? accessory.getAttribute('data-accessory') : null;
  if (kind === 'outlineDisclosure') {
    view.setFocusRow(row, false);
    view.render();
    if (row.el) row.el.focus({ preventScroll: true });
    view.toggleExpanded(row);
    return;
  }
  if (kind === 'reorder') return;
  if (kind === 'delete' || kind === 'insert' || kind === 'detail' || kind === 'symbol') {
    view.activateAccessory(row, kind);
    return;
  }
  if (!row.cell) return;
  // An outline header (disclosure style "header") expands on a tap anywhere instead of
  // being selected, like a sidebar's section header in UIKit.
  const disclosure = displayedAccessory(view, row, 'outlineDisclosure');
  if (disclosure && disclosure.style === 'header') {
    view.setFocusRow(row, false);
    view.render();
    if (row.el) row.el.focus({ preventScroll: true });
    view.toggleExpanded(row);
    return;
  }
  view.selectRow(row);
  if (row.el) row.el.focus({ preventScroll: true });
}

// --- keys ---------------------------------------------------------------------------------

function neighbour(view, path, key) {
  const [s, i] = path;
  const geometry = view.layout.sections[s];
  const sections = view.sections;
  const count = sections[s].rows.length;
  const firstOf = (k) => [k, 0];
  const lastOf = (k) => [k, sections[k].rows.length - 1];
  const nextSection = (from, step) => {
    for (let k = from + step; k >= 0 && k < sections.length; k += step) if (sections[k].rows.length) return k;
    return -1;
  };
  const columns = geometry.kind === 'grid' ? geometry.columns : 1;
  switch (key) {
    case 'ArrowDown': {
      if (geometry.kind !== 'row' && i + columns < count) return [s, i + columns];
      if (geometry.kind === 'grid' && Math.floor(i / columns) < Math.floor((count - 1) / columns)) return [s, count - 1];
      const k = nextSection(s, 1);
      return k < 0 ? null : firstOf(k);
    }
    case 'ArrowUp': {
      if (geometry.kind !== 'row' && i - columns >= 0) return [s, i - columns];
      const k = nextSection(s, -1);
      if (k < 0) return null;
      if (view.layout.sections[k].kind === 'row') return firstOf(k);
      return lastOf(k);
    }
    case 'ArrowRight':
      return i + 1 < count ? [s, i + 1] : null;
    case 'ArrowLeft':
      return i > 0 ? [s, i - 1] : null;
    case 'Home': {
      const k = nextSection(-1, 1);
      return k < 0 ? null : firstOf(k);
    }
    case 'End': {
      const k = nextSection(sections.length, -1);
      return k < 0 ? null : lastOf(k);
    }
    case 'PageDown':
    case 'PageUp': {
      if (geometry.kind !== 'list') return null;
      const step = Math.max(1, Math.floor(view.viewport().height / geometry.rowHeight) - 1);
      const target = key === 'PageDown' ? Math.min(count - 1, i + step) : Math.max(0, i - step);
      return [s, target];
    }
    default:
      return null;
  }
}

function levelAt(view, s, i) {
  const row = view.sections[s].rows[i];
  return row && row.cell && row.cell.outline ? row.cell.outline.level : null;
}

function onKeyDown(view, event) {
  const row = rowOf(event.target);
  if (!row || !view.layout) return;
  const onRow = event.target === row.el;
  // Inside open swipe actions: arrows walk the buttons, Escape closes.
  if (!onRow && event.target.closest('.dcv-swipe')) {
    const buttons = Array.from(event.target.closest('.dcv-swipe').querySelectorAll('button'));
    const at = buttons.indexOf(event.target);
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const next = buttons[at + (event.key === 'ArrowRight' ? 1 : -1)];
      if (next) next.focus();
      event.preventDefault();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      view.closeSwipe(true);
    }
    return;
  }
  if (!onRow) return;
  const path = view.pathOf(row);
  if (!path) return;
  const [s, i] = path;
  const geometry = view.layout.sections[s];
  const key = event.key;
  const rtl = isRtl(view);

  if (key === 'Escape') {
    if (view.drag) view.cancelDrag();
    if (view.openSwipe) view.closeSwipe(true);
    return;
  }
  // Swipe actions from the keyboard: Ctrl+Arrow toward the edge the actions come from,
  // or the context menu key for whichever the row has.
  if ((event.ctrlKey || event.metaKey) && (key === 'ArrowLeft' || key === 'ArrowRight')) {
    const edges = swipeEdges(row);
    const edge = (key === 'ArrowLeft') !== rtl ? 'trailing' : 'leading';
    if (edges[edge]) {
      view.openSwipeActions(row, edge, true);
      event.preventDefault();
    }
    return;
  }
  if (key === 'ContextMenu' || (key === 'F10' && event.shiftKey)) {
    const edges = swipeEdges(row);
    if (edges.trailing || edges.leading) {
      view.openSwipeActions(row, edges.trailing ? 'trailing' : 'leading', true);
      event.preventDefault();
    }
    return;
  }
  // Reorder from the keyboard where the row shows a reorder handle.
  if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
    if (displayedAccessory(view, row, 'reorder') && geometry.kind === 'list') {
      const to = i + (key === 'ArrowUp' ? -1 : 1);
      if (to >= 0 && to < view.sections[s].rows.length) {
        view.commitReorder(row, [s, i], [s, to]);
        view.setFocusRow(row, true);
      }
      event.preventDefault();
    }
    return;
  }
  if (key === 'Enter' && event.altKey) {
    if (displayedAccessory(view, row, 'detail')) {
      event.preventDefault();
      view.activateAccessory(row, 'detail');
    }
    return;
  }
  if (key === 'Enter' || key === ' ') {
    event.preventDefault();
    if (!row.cell) return;
    const disclosure = displayedAccessory(view, row, 'outlineDisclosure');
    if (disclosure && disclosure.style === 'header') view.toggleExpanded(row);
    else view.selectRow(row);
    return;
  }
  // Keys for what the row's accessories do (their pointer targets are not focusable; the
  // row announces these keys in aria-keyshortcuts, diffable-cells.js cellKeyShortcuts).
  if ((key === 'Delete' || key === 'Backspace') && displayedAccessory(view, row, 'delete')) {
    event.preventDefault();
    view.activateAccessory(row, 'delete');
    return;
  }
  if (key === 'Insert' && displayedAccessory(view, row, 'insert')) {
    event.preventDefault();
    view.activateAccessory(row, 'insert');
    return;
  }
  // Outline: Right expands (or steps into the children), Left collapses (or goes to the
  // parent), as in a tree widget.
  const outline = row.cell && row.cell.outline;
  if (outline && geometry.kind === 'list' && (key === 'ArrowRight' || key === 'ArrowLeft')) {
    event.preventDefault();
    const inward = (key === 'ArrowRight') !== rtl;
    if (inward) {
      if (outline.hasChildren && !outline.isExpanded) view.toggleExpanded(row, true);
      else if (outline.hasChildren && i + 1 < view.sections[s].rows.length) view.focusPathTarget([s, i + 1]);
    } else if (outline.hasChildren && outline.isExpanded) {
      view.toggleExpanded(row, false);
    } else {
      for (let k = i - 1; k >= 0; k--) {
        const level = levelAt(view, s, k);
        if (level === null) break;
        if (level < outline.level) {
          view.focusPathTarget([s, k]);
          break;
        }
      }
    }
    return;
  }
  if ((key === 'ArrowLeft' || key === 'ArrowRight') && geometry.kind === 'list') return;
  let direction = key;
  if (rtl && key === 'ArrowLeft') direction = 'ArrowRight';
  else if (rtl && key === 'ArrowRight') direction = 'ArrowLeft';
  const target = neighbour(view, path, direction);
  if (!target && !['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(key)) return;
  event.preventDefault();
  if (target) {
    if (view.openSwipe) view.closeSwipe(false);
    view.focusPathTarget(target);
  }
}

// --- swipe by pointer -----------------------------------------------------------------------

function startSwipeTracking(view, row, event) {
  const edges = swipeEdges(row);
  if (!edges.leading && !edges.trailing) return;
  const el = row.el;
  const startX = event.clientX;
  const startY = event.clientY;
  const rtl = isRtl(view);
  const openOffset = view.openSwipe && view.openSwipe.row === row ? currentOffset(el) : 0;
  let active = false;
  const width = el.getBoundingClientRect().width;
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    const dx = e.clientX - startX;
    if (!active) {
      if (Math.abs(dx) < SWIPE_SLOP || Math.abs(dx) < Math.abs(e.clientY - startY)) {
        if (Math.abs(e.clientY - startY) > SWIPE_SLOP) finish(null);
        return;
      }
      active = true;
      if (view.openSwipe && view.openSwipe.row !== row) view.closeSwipe(false);
      el.classList.add('dcv-swiping');
      try { el.setPointerCapture(e.pointerId); } catch (ignored) { /* pointer already gone */ }
    }
    let offset = openOffset + dx;
    // Only edges with actions move freely; the other way resists.
    const leadingSide = rtl ? offset < 0 : offset > 0;
    if ((leadingSide && !edges.leading) || (!leadingSide && !edges.trailing)) offset /= 6;
    const edge = leadingSide ? 'leading' : 'trailing';
    // The actions being uncovered show (made now if the row never showed them).
    if (edges[edge]) C.swipeActionsBox(el, row.cell, edge);
    showSwipeBoxes(el, edge);
    el.dcv.body.style.transform = 'translateX(' + offset + 'px)';
    e.preventDefault();
  };
  const up = (e) => {
    if (e.pointerId !== event.pointerId) return;
    finish(active ? e.clientX - startX + openOffset : null);
  };
  const finish = (offset) => {
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', cancel, true);
    el.classList.remove('dcv-swiping');
    showSwipeBoxes(el, null);
    if (offset === null) return;
    view.suppressClick = true;
    setTimeout(() => { view.suppressClick = false; }, 0);
    const leadingSide = rtl ? offset < 0 : offset > 0;
    const edge = leadingSide ? 'leading' : 'trailing';
    const description = row.cell && row.cell.swipe && row.cell.swipe[edge];
    const box = edges[edge] ? C.swipeActionsBox(el, row.cell, edge) : null;
    if (!box) {
      view.resetSwipe(row);
      return;
    }
    const distance = Math.abs(offset);
    if (description && description.performsFirstActionWithFullSwipe && distance > width * FULL_SWIPE) {
      const first = description.actions[0];
      view.performSwipeAction(row, edge, first.identifier);
      return;
    }
    const actionsWidth = box.getBoundingClientRect().width || 80;
    if (distance > actionsWidth / 2) view.openSwipeActions(row, edge, false);
    else if (view.openSwipe && view.openSwipe.row === row) view.closeSwipe(false);
    else view.resetSwipe(row);
  };
  const cancel = (e) => {
    if (e.pointerId !== event.pointerId) return;
    finish(null);
    if (view.openSwipe && view.openSwipe.row === row) view.openSwipeActions(row, view.openSwipe.edge, false);
    else view.resetSwipe(row);
  };
  window.addEventListener('pointermove', move, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', cancel, true);
}

// While a finger or the mouse drags the body aside, the actions of the edge it uncovers
// show (null: neither).
function showSwipeBoxes(el, edge) {
  for (const side of ['leading', 'trailing']) {
    const box = el.dcv[side];
    if (box) box.classList.toggle('dcv-swipe-visible', side === edge);
  }
}

function currentOffset(el) {
  const match = /translateX\((-?[\d.]+)px\)/.exec(el.dcv.body.style.transform || '');
  return match ? parseFloat(match[1]) : 0;
}

// --- drag to reorder -------------------------------------------------------------------------

function startDrag(view, row, event) {
  const path = view.pathOf(row);
  if (!path || !view.layout) return;
  const [s, from] = path;
  const geometry = view.layout.sections[s];
  if (geometry.kind !== 'list') return;
  event.preventDefault();
  if (view.openSwipe) view.closeSwipe(false);
  const el = row.el;
  const count = view.sections[s].rows.length;
  const startY = event.clientY;
  const startScroll = view.element.scrollTop;
  const originY = L.itemRect(geometry, from, view.layout.width).y;
  let pointerY = startY;
  let frame = 0;
  const drag = {
    row, s, from, to: from,
    // Where row i shows while the dragged row hovers over slot `to`.
    displayIndex(i) {
      if (this.from < this.to && i > this.from && i <= this.to) return i - 1;
      if (this.to < this.from && i >= this.to && i < this.from) return i + 1;
      return i;
    },
    cancel() { end(false); },
  };
  view.drag = drag;
  view.setFocusRow(row, false);
  el.classList.add('dcv-dragging');
  view.element.classList.add('dcv-reordering');
  try { el.setPointerCapture(event.pointerId); } catch (ignored) { /* synthetic events */ }

  const update = () => {
    const dy = pointerY - startY + (view.element.scrollTop - startScroll);
    el.style.transform = 'translateY(' + dy + 'px)';
    const to = L.dropIndex(geometry, originY + dy, count);
    if (to !== drag.to && to >= 0) {
      drag.to = to;
      view.render();
    }
  };
  // Near the top or bottom edge the view scrolls on its own, so rows far away are reachable.
  const autoscroll = () => {
    frame = 0;
    if (view.drag !== drag) return;
    const box = view.element.getBoundingClientRect();
    let step = 0;
    if (pointerY < box.top + AUTOSCROLL_EDGE) step = -Math.ceil((box.top + AUTOSCROLL_EDGE - pointerY) / 4);
    else if (pointerY > box.bottom - AUTOSCROLL_EDGE) step = Math.ceil((pointerY - box.bottom + AUTOSCROLL_EDGE) / 4);
    if (step) {
      view.scrollTo(view.element.scrollTop + step);
      update();
      frame = requestAnimationFrame(autoscroll);
    }
  };
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    pointerY = e.clientY;
    update();
    if (!frame) frame = requestAnimationFrame(autoscroll);
    e.preventDefault();
  };
  const up = (e) => {
    if (e.pointerId !== event.pointerId) return;
    end(true);
  };
  const cancelEvent = (e) => {
    if (e.pointerId === event.pointerId) end(false);
  };
  const keys = (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      end(false);
    }
  };
  function end(commit) {
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', cancelEvent, true);
    window.removeEventListener('keydown', keys, true);
    if (frame) cancelAnimationFrame(frame);
    if (view.drag !== drag) return;
    view.drag = null;
    view.element.classList.remove('dcv-reordering');
    el.classList.remove('dcv-dragging');
    view.suppressClick = true;
    setTimeout(() => { view.suppressClick = false; }, 0);
    if (commit && drag.to !== drag.from) {
      // The dragged node is measured where the pointer left it, then slides into its slot.
      view.commitReorder(row, [s, drag.from], [s, drag.to]);
      el.style.transform = '';
    } else {
      el.style.transform = '';
      view.render();
    }
    if (row.el) row.el.focus({ preventScroll: true });
  }
  window.addEventListener('pointermove', move, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', cancelEvent, true);
  window.addEventListener('keydown', keys, true);
}

// A row is highlighted while a finger or the mouse button is down on it (UIKit's
// isHighlighted), which a custom content renderer may draw.
function highlight(view, row, event) {
  view.highlightRow = row;
  view.refreshCustom(row, false);
  const end = (e) => {
    if (e.pointerId !== event.pointerId) return;
    window.removeEventListener('pointerup', end, true);
    window.removeEventListener('pointercancel', end, true);
    if (view.highlightRow === row) view.highlightRow = null;
    view.refreshCustom(row, false);
  };
  window.addEventListener('pointerup', end, true);
  window.addEventListener('pointercancel', end, true);
}

function onPointerDown(view, event) {
  if (event.button !== 0 && event.pointerType === 'mouse') return;
  const row = rowOf(event.target);
  if (!row || !row.el) return;
  if (!event.target.closest('.dcv-swipe')) highlight(view, row, event);
  if (event.target.closest('.dcv-acc-reorder')) {
    if (displayedAccessory(view, row, 'reorder')) startDrag(view, row, event);
    return;
  }
  // Controls inside a row (swipe actions, accessories a tap reports, the ⋯) take taps
  // of their own rather than starting a swipe.
  if (event.target.closest('button, .dcv-acc-control, .dcv-swipe-affordance')) return;
  startSwipeTracking(view, row, event);
}

function install(view) {
  const el = view.element;
  el.addEventListener('click', (e) => onClick(view, e));
  el.addEventListener('keydown', (e) => onKeyDown(view, e));
  el.addEventListener('pointerdown', (e) => onPointerDown(view, e));
  // Focus that arrives by Tab lands on the roving row; keep the view's notion in step
  // when focus moves by other means (a click on a row's inner control, say).
  el.addEventListener('focusin', (e) => {
    const row = rowOf(e.target);
    if (row && row !== view.focusRow && !row.dead) {
      const previous = view.focusRow;
      view.focusRow = row;
      const path = view.pathOf(row);
      if (path) view.focusPath = path;
      if (previous && previous.el) previous.el.tabIndex = -1;
      if (row.el) row.el.tabIndex = 0;
      view.updateScrollerStops();
    }
    if (row) view.refreshCustom(row, false);
  });
  // Focus leaving a row: its custom content draws itself unfocused once focus has landed.
  el.addEventListener('focusout', (e) => {
    const row = rowOf(e.target);
    if (row) Promise.resolve().then(() => view.refreshCustom(row, false));
  });
}

export { install };
