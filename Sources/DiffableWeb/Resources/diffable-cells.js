// diffable-cells.js — draws one cell's JSON (a content configuration, accessories, swipe
// actions) into a DOM node. Stateless: the view decides which node shows which row, this
// file only fills nodes. Images, colors and fonts arrive as names (`heart.fill`,
// `secondaryLabel`, `footnote`); here they become inline SVG, CSS variables and classes.

import { renderCustomContent } from './diffable-renderers.js';
import { setSeparatorInset } from './diffable-insets.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// --- symbols ------------------------------------------------------------------------
// A small hand-drawn set on a 24-unit grid. `s` paths are stroked, `f` paths filled, in
// currentColor, so a tint is just a CSS color.

function starPath(cx, cy, outer, inner) {
  let d = '';
  for (let k = 0; k < 10; k++) {
    const radius = k % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    d += (k === 0 ? 'M' : 'L') + (cx + radius * Math.cos(angle)).toFixed(2) + ' ' + (cy + radius * Math.sin(angle)).toFixed(2);
  }
  return d + 'Z';
}

const HEART = 'M12 20.3C12 20.3 3.2 14.9 3.2 8.9C3.2 6.2 5.3 4.2 7.8 4.2C9.6 4.2 11.1 5.2 12 6.7C12.9 5.2 14.4 4.2 16.2 4.2C18.7 4.2 20.8 6.2 20.8 8.9C20.8 14.9 12 20.3 12 20.3Z';
const STAR = starPath(12, 12.6, 9.2, 3.9);
const FOLDER = 'M3 7A1.5 1.5 0 0 1 4.5 5.5H9.3L11.3 7.5H19.5A1.5 1.5 0 0 1 21 9V17.5A1.5 1.5 0 0 1 19.5 19H4.5A1.5 1.5 0 0 1 3 17.5Z';
const CIRCLE = 'M12 3A9 9 0 1 1 11.99 3Z';
const SYMBOLS = {
  heart: { s: [HEART] },
  'heart.fill': { f: [HEART] },
  star: { s: [STAR] },
  'star.fill': { f: [STAR] },
  folder: { s: [FOLDER] },
  'folder.fill': { f: [FOLDER] },
  book: { s: ['M12 6.8C10 5.2 7 4.7 3.5 5.1V18.6C7 18.2 10 18.7 12 20.2C14 18.7 17 18.2 20.5 18.6V5.1C17 4.7 14 5.2 12 6.8ZM12 6.8V20.2'] },
  clock: { s: [CIRCLE, 'M12 7.2V12L15.4 14.1'] },
  trash: { s: ['M4 6.6H20M9.4 6.6V4.4H14.6V6.6M6 6.6L7.1 20H16.9L18 6.6M10 10.2V16.4M14 10.2V16.4'] },
  'chevron.right': { s: ['M9 5L16 12L9 19'] },
  checkmark: { s: ['M4.6 12.6L9.6 17.4L19.4 6.6'] },
  'info.circle': { s: [CIRCLE, 'M12 11V17'], f: ['M12 6.6A1.2 1.2 0 1 1 11.99 6.6Z'] },
  'minus.circle.fill': { f: [CIRCLE], knock: ['M7.5 12H16.5'] },
  'plus.circle.fill': { f: [CIRCLE], knock: ['M7.5 12H16.5M12 7.5V16.5'] },
  'line.3.horizontal': { s: ['M4 7H20M4 12H20M4 17H20'] },
  ellipsis: { f: ['M5.5 10.5A1.5 1.5 0 1 1 5.49 10.5Z', 'M12 10.5A1.5 1.5 0 1 1 11.99 10.5Z', 'M18.5 10.5A1.5 1.5 0 1 1 18.49 10.5Z'] },
  // The fallback: a dashed circle with a dot, clearly "some symbol we do not draw".
  questionmark: { s: [CIRCLE], dashed: true, f: ['M12 10.6A1.4 1.4 0 1 1 11.99 10.6Z'] },
};
SYMBOLS.xmark = { s: ['M6 6L18 18M18 6L6 18'] };
SYMBOLS['trash.fill'] = SYMBOLS.trash;
SYMBOLS['book.fill'] = SYMBOLS.book;
SYMBOLS['clock.fill'] = SYMBOLS.clock;

function hasSymbol(name) {
  return Object.prototype.hasOwnProperty.call(SYMBOLS, name);
}

function symbolElement(name, label) {
  const known = hasSymbol(name);
  const spec = known ? SYMBOLS[name] : SYMBOLS.questionmark;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'dcv-symbol' + (known ? '' : ' dcv-symbol-unknown'));
  svg.setAttribute('data-symbol', name);
  if (label) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
  } else {
    svg.setAttribute('aria-hidden', 'true');
  }
  const add = (d, mode) => {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    if (mode === 'fill') {
      path.setAttribute('fill', 'currentColor');
    } else {
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', mode === 'knock' ? '#fff' : 'currentColor');
      path.setAttribute('stroke-width', mode === 'knock' ? '2.2' : '1.8');
      path.setAttribute('stroke-linecap', 'round');
      path.setAttribute('stroke-linejoin', 'round');
      if (spec.dashed) path.setAttribute('stroke-dasharray', '3 2.6');
    }
    svg.appendChild(path);
  };
  (spec.f || []).forEach((d) => add(d, 'fill'));
  (spec.s || []).forEach((d) => add(d, 'stroke'));
  (spec.knock || []).forEach((d) => add(d, 'knock'));
  if (!known) {
    const title = document.createElementNS(SVG_NS, 'title');
    title.textContent = name;
    svg.appendChild(title);
  }
  return svg;
}

// --- names to CSS -----------------------------------------------------------------------

const COLORS = new Set(['label', 'secondaryLabel', 'tertiaryLabel', 'placeholderText', 'tint',
  'destructive', 'separator', 'systemBackground', 'secondarySystemBackground',
  'systemGroupedBackground', 'secondarySystemGroupedBackground', 'clear', 'systemGray',
  'systemRed', 'systemOrange', 'systemYellow', 'systemGreen', 'systemBlue', 'systemIndigo',
  'systemPurple', 'systemPink']);
const FONTS = new Set(['largeTitle', 'title1', 'title2', 'title3', 'headline', 'subheadline',
  'body', 'callout', 'footnote', 'caption1', 'caption2']);

function colorValue(name, fallback) {
  if (COLORS.has(name)) return 'var(--dcv-' + name + ')';
  return fallback ? 'var(--dcv-' + fallback + ')' : '';
}

// --- content ----------------------------------------------------------------------------

function textElement(text, props, className, defaults) {
  const p = props || {};
  const el = document.createElement('div');
  const font = FONTS.has(p.font) ? p.font : defaults.font;
  el.className = className + ' dcv-font-' + font;
  el.style.color = colorValue(p.color, defaults.color);
  const lines = Number.isInteger(p.numberOfLines) ? p.numberOfLines : 0;
  // Rows have fixed heights, so "as many lines as it takes" still has to stop somewhere:
  // 0 wraps but is clipped by the row, 1 is a single truncated line, n clamps to n.
  if (lines === 1) el.classList.add('dcv-one-line');
  else if (lines > 1) {
    el.classList.add('dcv-clamp');
    el.style.webkitLineClamp = String(lines);
  }
  if (p.alignment === 'center') el.style.textAlign = 'center';
  else if (p.alignment === 'justified') el.style.textAlign = 'justify';
  if (p.transform === 'uppercase' || p.transform === 'lowercase') el.style.textTransform = p.transform;
  else if (p.transform === 'capitalized') el.style.textTransform = 'capitalize';
  el.textContent = text;
  return el;
}

function imageElement(image, props, options) {
  const p = props || {};
  const box = document.createElement('span');
  box.className = 'dcv-image';
  const size = p.maximumSize || {};
  if (size.width > 0) box.style.maxWidth = box.style.width = size.width + 'px';
  if (size.height > 0) box.style.maxHeight = box.style.height = size.height + 'px';
  if (p.cornerRadius > 0) box.style.borderRadius = p.cornerRadius + 'px';
  if (image.kind === 'asset') {
    box.classList.add('dcv-image-asset');
    const img = document.createElement('img');
    img.alt = image.accessibilityLabel || '';
    img.decoding = 'async';
    img.draggable = false;
    img.addEventListener('error', () => {
      img.replaceWith(symbolElement(image.name, image.accessibilityLabel));
    }, { once: true });
    img.src = options.assetBase + encodeURIComponent(image.name) + '.svg';
    box.appendChild(img);
  } else {
    box.classList.add('dcv-image-symbol');
    box.style.color = colorValue(p.tintColor, options.imageTint || 'tint');
    box.appendChild(symbolElement(image.name, image.accessibilityLabel));
  }
  return box;
}

function fillContent(box, content, options) {
  box.textContent = '';
  box.className = 'dcv-content';
  box.style.cssText = '';
  box.removeAttribute('data-renderer');
  if (options.indent) box.style.paddingInlineStart = 'calc(var(--dcv-cell-padding) + ' + options.indent + 'px)';
  if (!content) return;
  const margins = content.directionalLayoutMargins;
  if (margins) {
    box.style.paddingTop = (margins.top || 0) + 'px';
    box.style.paddingBottom = (margins.bottom || 0) + 'px';
    box.style.paddingInlineStart = ((margins.leading || 0) + (options.indent || 0)) + 'px';
    box.style.paddingInlineEnd = (margins.trailing || 0) + 'px';
  }
  if (content.image && typeof content.image.name === 'string') {
    box.appendChild(imageElement(content.image, content.imageProperties, options));
  }
  const defaults = options.textDefaults || { font: 'body', color: 'label' };
  const lines = [];
  if (content.text != null) {
    lines.push(textElement(String(content.text), content.textProperties, 'dcv-text', defaults));
  }
  if (content.secondaryText != null) {
    lines.push(textElement(String(content.secondaryText), content.secondaryTextProperties,
      'dcv-secondary-text', { font: 'subheadline', color: 'secondaryLabel' }));
  }
  if (!lines.length) return;
  const sideBySide = !!content.prefersSideBySideTextAndSecondaryText;
  // A single line needs no column to stack it in: it takes the column's place in the box
  // (diffable.css .dcv-text-alone), an element fewer in every row that shows only a title.
  if (lines.length === 1 && !sideBySide) {
    lines[0].classList.add('dcv-text-alone');
    box.appendChild(lines[0]);
    return;
  }
  const texts = document.createElement('div');
  texts.className = 'dcv-texts';
  if (sideBySide) texts.classList.add('dcv-side-by-side');
  texts.append(...lines);
  box.appendChild(texts);
}

// --- accessories ----------------------------------------------------------------------

function isDisplayed(accessory, editing) {
  // isHidden is not checked here: a hidden accessory is drawn invisible so that it keeps
  // its place (accessoryElement), as UIKit's isHidden option does.
  switch (accessory.displayed) {
    case 'whenEditing': return editing;
    case 'whenNotEditing': return !editing;
    default: return true;
  }
}

// What a pointer user learns from an accessory's tooltip. Accessories are drawn for the
// eye and the pointer only (aria-hidden): a row is one focusable item (a list's row, a
// treeitem, an option, a gridcell), so its contents reach assistive technologies through
// the row's name
// (cellLabel: a symbol's accessibilityLabel, a label's text, a checkmark) and its
// actions through keys on the row (cellKeyShortcuts, diffable-input.js), never as
// controls nested in it.
const ACCESSORY_TITLES = { delete: 'Delete', insert: 'Insert', detail: 'More Info', reorder: 'Drag to reorder' };
// Kinds a tap reports to the server (`accessory`); the outline disclosure reports
// `setExpanded` instead, and the others have no action in UIKit either.
const ACTIVATABLE = new Set(['delete', 'insert', 'detail', 'symbol']);

function accessoryElement(accessory, options) {
  const kind = accessory.kind;
  const el = document.createElement('span');
  el.className = 'dcv-acc dcv-acc-' + kind;
  el.setAttribute('data-accessory', kind);
  el.setAttribute('aria-hidden', 'true');
  // A pointer target, not a focusable control: the row is the one tab stop (roving
  // tabindex) and keys on it reach what these do.
  if (ACTIVATABLE.has(kind) || kind === 'outlineDisclosure') el.classList.add('dcv-acc-control');
  if (accessory.isHidden === true) el.classList.add('dcv-acc-hidden');
  let tint = null;
  switch (kind) {
    case 'disclosureIndicator':
      el.appendChild(symbolElement('chevron.right'));
      tint = 'tertiaryLabel';
      break;
    case 'outlineDisclosure':
      el.appendChild(symbolElement('chevron.right'));
      tint = accessory.style === 'header' ? 'tint' : 'secondaryLabel';
      el.classList.toggle('dcv-expanded', !!options.expanded);
      el.setAttribute('data-style', accessory.style || 'cell'); // the row carries aria-expanded
      break;
    case 'checkmark':
      el.appendChild(symbolElement('checkmark'));
      tint = 'tint';
      break;
    case 'delete':
      el.appendChild(symbolElement('minus.circle.fill'));
      tint = 'systemRed';
      break;
    case 'insert':
      el.appendChild(symbolElement('plus.circle.fill'));
      tint = 'systemGreen';
      break;
    case 'reorder':
      el.appendChild(symbolElement('line.3.horizontal'));
      tint = 'secondaryLabel'; // a control: 3:1 against the row, as tertiaryLabel is not
      break;
    case 'detail':
      el.appendChild(symbolElement('info.circle'));
      tint = 'tint';
      break;
    case 'label':
      el.textContent = accessory.text == null ? '' : String(accessory.text);
      tint = 'secondaryLabel';
      break;
    case 'symbol':
      el.appendChild(symbolElement(String(accessory.name || 'questionmark')));
      tint = 'tint';
      if (accessory.accessibilityLabel) el.title = String(accessory.accessibilityLabel);
      break;
    default:
      el.appendChild(symbolElement('questionmark'));
      tint = 'tertiaryLabel';
  }
  if (ACCESSORY_TITLES[kind]) el.title = ACCESSORY_TITLES[kind];
  el.style.color = colorValue(accessory.tintColor, tint);
  return el;
}

// --- swipe actions ------------------------------------------------------------------------

function swipeActions(cell, edge) {
  const description = cell && cell.swipe ? cell.swipe[edge] : null;
  const actions = description && Array.isArray(description.actions) ? description.actions : [];
  return actions.filter((action) => action && typeof action.identifier === 'string');
}

function swipeActionButton(action, edge) {
  const button = document.createElement('button');
  button.type = 'button';
  button.tabIndex = -1;
  button.className = 'dcv-swipe-action dcv-swipe-' + (action.style === 'destructive' ? 'destructive' : 'normal');
  button.setAttribute('data-action', action.identifier);
  button.setAttribute('data-edge', edge);
  const background = action.backgroundColor || (action.style === 'destructive' ? 'destructive' : 'systemGray');
  button.style.background = colorValue(background, 'systemGray');
  if (action.image && action.image.name) {
    const icon = document.createElement('span');
    icon.className = 'dcv-swipe-icon';
    icon.appendChild(symbolElement(action.image.name));
    button.appendChild(icon);
  }
  if (action.title) {
    const title = document.createElement('span');
    title.textContent = action.title;
    button.appendChild(title);
  }
  button.setAttribute('aria-label', action.title || (action.image && action.image.name) || action.identifier);
  return button;
}

// The box of a row's swipe actions on one edge, made the first time the row shows them
// (an open, a swipe gesture, a full swipe); null when the edge has none. Most rows never
// show theirs, so closed rows carry no box (dropSwipeActions).
function swipeActionsBox(el, cell, edge) {
  const parts = el.dcv;
  if (parts[edge]) return parts[edge];
  const actions = swipeActions(cell, edge);
  if (!actions.length) return null;
  const box = document.createElement('div');
  box.className = 'dcv-swipe dcv-swipe-' + edge;
  if (parts.gridRow) box.setAttribute('role', 'gridcell');
  // UIKit lists actions from the edge inwards: the first trailing action sits at the far
  // right, the first leading one at the far left.
  const ordered = edge === 'trailing' ? actions.slice().reverse() : actions;
  for (const action of ordered) box.appendChild(swipeActionButton(action, edge));
  // Before the body, as the body covers them; leading before trailing, as read.
  el.insertBefore(box, edge === 'leading' && parts.trailing ? parts.trailing : parts.body);
  parts[edge] = box;
  return box;
}

function dropSwipeActions(el) {
  const parts = el.dcv;
  for (const edge of ['leading', 'trailing']) {
    if (parts[edge]) parts[edge].remove();
    parts[edge] = null;
  }
}

// --- the cell node ------------------------------------------------------------------------

// The node outlives its contents: reconfigures refill it, so its focus, selection and an
// open swipe (the body's offset) stay put. A node starts as the row, its body and its
// content box; what only some rows show (accessory boxes, the ⋯, swipe actions) is made
// when a row has it and dropped when it no longer does, and the separator is the row's
// ::after (diffable.css): only rows near the viewport have nodes, but every element of
// one is paid for at each scroll step.
function createCellElement() {
  const el = document.createElement('div');
  el.className = 'dcv-cell';
  const body = document.createElement('div');
  body.className = 'dcv-cell-body';
  const content = document.createElement('div');
  content.className = 'dcv-content';
  body.appendChild(content);
  el.appendChild(body);
  el.dcv = { body, content, before: null, after: null, more: null, leading: null, trailing: null, gridRow: false };
  return el;
}

// A list's row (role=row) may own only cells: its body and its swipe actions become
// gridcells, so the actions' buttons sit in a cell (where controls may be) rather than
// in the row itself. Closed actions are not in the DOM at all, and while they show
// through a gesture they are visibility: hidden until it opens them (diffable.css). Other
// rows (treeitem, option, gridcell) have no roles inside.
function setRowParts(el, isGridRow) {
  const parts = el.dcv;
  parts.gridRow = isGridRow;
  for (const part of [parts.leading, parts.trailing, parts.body]) {
    if (!part) continue;
    if (isGridRow) part.setAttribute('role', 'gridcell');
    else part.removeAttribute('role');
  }
}

// The accessory box on one side of the content (`before` or `after`) holding `nodes`,
// or none when there are none.
function setAccessoryBox(parts, side, nodes) {
  let box = parts[side];
  if (!nodes.length) {
    if (box) box.remove();
    parts[side] = null;
    return;
  }
  if (!box) {
    box = parts[side] = document.createElement('div');
    box.className = 'dcv-accessories dcv-accessories-' + (side === 'before' ? 'leading' : 'trailing');
    parts.body.insertBefore(box, side === 'before' ? parts.content : parts.content.nextSibling);
  }
  box.replaceChildren(...nodes);
}

// The ⋯ that uncovers the swipe actions for a mouse: a pointer target only (keys: Ctrl+Arrow,
// Shift+F10 or the context menu key on the row, announced by its aria-keyshortcuts). Its
// dots are drawn by CSS, so it is one element.
function setSwipeAffordance(parts, shown) {
  if (!shown) {
    if (parts.more) parts.more.remove();
    parts.more = null;
    return;
  }
  if (parts.more) return;
  const more = parts.more = document.createElement('span');
  more.className = 'dcv-swipe-affordance';
  more.setAttribute('aria-hidden', 'true');
  more.title = 'Actions (Ctrl+Arrow keys)';
  parts.body.appendChild(more);
}

// options: {editing, assetBase, indent, expanded, imageTint, textDefaults}
function fillCell(el, cell, options) {
  const parts = el.dcv;
  // Open actions are made again from the new cell by whoever keeps them open (the view).
  dropSwipeActions(el);
  if (!cell) {
    el.classList.add('dcv-placeholder');
    el.removeAttribute('data-item-id');
    setAccessoryBox(parts, 'before', []);
    setAccessoryBox(parts, 'after', []);
    setSwipeAffordance(parts, false);
    fillContent(parts.content, null, options);
    const bar = document.createElement('div');
    bar.className = 'dcv-placeholder-bar';
    parts.content.appendChild(bar);
    return;
  }
  el.classList.remove('dcv-placeholder');
  el.setAttribute('data-item-id', String(cell.id));
  // A custom configuration's content is drawn by its renderer, which the view calls (again
  // whenever the row's state changes); here the box is only made ready for it.
  fillContent(parts.content, cell.custom ? null : cell.content, options);
  if (cell.custom) parts.content.classList.add('dcv-custom');
  // The separator starts under the text, as in UIKit: past the indentation and the image.
  const content = cell.content || {};
  const size = content.imageProperties && content.imageProperties.maximumSize;
  const imageWidth = content.image ? (size && size.width > 0 ? size.width : 26) + 14 : 0;
  setSeparatorInset(el, 16 + (options.indent || 0) + imageWidth);
  const before = [];
  const after = [];
  const accessories = Array.isArray(cell.accessories) ? cell.accessories : [];
  for (const accessory of accessories) {
    if (!accessory || typeof accessory.kind !== 'string' || !isDisplayed(accessory, options.editing)) continue;
    (accessory.placement === 'leading' ? before : after).push(accessoryElement(accessory, options));
  }
  setAccessoryBox(parts, 'before', before);
  setAccessoryBox(parts, 'after', after);
  setSwipeAffordance(parts, swipeActions(cell, 'leading').length + swipeActions(cell, 'trailing').length > 0);
}

// options.state: the header's state for a custom renderer (a header is never selected,
// swiped or focused).
function fillHeader(el, cell, options) {
  el.textContent = '';
  el.removeAttribute('aria-label');
  if (!cell) return;
  const content = document.createElement('div');
  fillContent(content, cell.custom ? null : cell.content, options);
  content.classList.add('dcv-header-content');
  el.appendChild(content);
  if (cell.custom) {
    content.classList.add('dcv-custom');
    const label = renderCustomContent(content, cell.custom, options.state);
    if (label) el.setAttribute('aria-label', label);
  }
  const accessories = Array.isArray(cell.accessories) ? cell.accessories : [];
  const after = document.createElement('div');
  after.className = 'dcv-accessories dcv-accessories-trailing';
  for (const accessory of accessories) {
    if (accessory && typeof accessory.kind === 'string' && isDisplayed(accessory, options.editing)) {
      after.appendChild(accessoryElement(accessory, options));
    }
  }
  if (after.childElementCount) el.appendChild(after);
  if (cell.id != null) el.setAttribute('data-item-id', String(cell.id));
}

function displayedAccessories(cell, editing) {
  const accessories = cell && Array.isArray(cell.accessories) ? cell.accessories : [];
  return accessories.filter((a) => a && typeof a.kind === 'string' && a.isHidden !== true && isDisplayed(a, editing));
}

// What an accessory the row shows says, in words, for the row's name: a symbol's
// accessibilityLabel (no label: decorative, as CellAccessory documents), a label's text,
// a checkmark. Controls (delete, reorder, disclosure) are not state; keys reach them.
function accessoryWords(accessory) {
  switch (accessory.kind) {
    case 'symbol': return accessory.accessibilityLabel ? String(accessory.accessibilityLabel) : '';
    case 'label': return accessory.text == null ? '' : String(accessory.text);
    case 'checkmark': return 'checked';
    default: return '';
  }
}

// The accessible name of a row: what a screen reader says for it. Everything the row
// shows only to the eye is in it: its texts and the state its accessories show.
// `customLabel`: what a custom configuration's renderer said the row is.
function cellLabel(cell, editing, customLabel) {
  if (!cell || (!cell.content && !cell.custom)) return cell && cell.id != null ? String(cell.id) : 'Loading';
  const parts = [];
  if (cell.custom) {
    if (customLabel) parts.push(String(customLabel));
  } else {
    if (cell.content.text) parts.push(String(cell.content.text));
    if (cell.content.secondaryText) parts.push(String(cell.content.secondaryText));
    if (!parts.length && cell.content.image && cell.content.image.accessibilityLabel) parts.push(cell.content.image.accessibilityLabel);
  }
  if (!parts.length) parts.push(String(cell.id));
  for (const accessory of displayedAccessories(cell, editing)) {
    const words = accessoryWords(accessory).trim();
    if (words && !parts.includes(words)) parts.push(words);
  }
  return parts.join(', ');
}

// The keys that act on a row (diffable-input.js), as aria-keyshortcuts: what the row's
// controls and swipe actions do is announced, not hidden behind pointer-only targets.
// `rtl`: the trailing edge is on the left, so Ctrl+Right uncovers the trailing actions.
function cellKeyShortcuts(cell, editing, rtl) {
  if (!cell) return '';
  const keys = [];
  const shows = (kind) => displayedAccessories(cell, editing).some((a) => a.kind === kind);
  if (shows('delete')) keys.push('Delete');
  if (shows('insert')) keys.push('Insert');
  if (shows('detail')) keys.push('Alt+Enter');
  if (shows('reorder')) keys.push('Alt+ArrowUp', 'Alt+ArrowDown');
  const swipe = cell.swipe || {};
  const has = (edge) => !!(swipe[edge] && Array.isArray(swipe[edge].actions) && swipe[edge].actions.length);
  if (has('trailing') || has('leading')) keys.push('Shift+F10');
  if (has('trailing')) keys.push(rtl ? 'Control+ArrowRight' : 'Control+ArrowLeft');
  if (has('leading')) keys.push(rtl ? 'Control+ArrowLeft' : 'Control+ArrowRight');
  return keys.join(' ');
}

export {
  SYMBOLS,
  renderCustomContent,
  hasSymbol,
  symbolElement,
  colorValue,
  isDisplayed,
  createCellElement,
  setRowParts,
  fillCell,
  swipeActionsBox,
  dropSwipeActions,
  fillHeader,
  cellLabel,
  cellKeyShortcuts,
};
