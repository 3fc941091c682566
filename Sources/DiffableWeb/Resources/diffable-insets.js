// diffable-insets.js — a row's separator inset (where its separator starts) as a class.
//
// The inset depends on the row's indentation and image, so it used to be a custom property
// set on each row's own style. A custom property is inherited: every new row then had a
// style of its own, passed to each of its elements, and on the demo's 100,000-row list that
// was about a fifth of a batch's style recalculation (rows come and go with each batch).
// A class per inset in use, whose rule sets the property, lets rows with the same inset
// share their style. Insets are few (indentation levels times image widths); past
// RULES_LIMIT distinct ones, a row gets the property on its own style again, as it does in
// a browser without constructable style sheets.
//
// The rules live in a style sheet adopted by the document (put back if the page replaces
// the document's adopted sheets). So: a page rule that sets --dcv-separator-inset on rows
// with a higher specificity now wins over the row's inset, and rows inside a shadow root
// see only the property's 16px default (diffable.css does not reach them either).

const RULES_LIMIT = 64;
const classes = new Map(); // inset in px -> class name
let sheet = null;
const constructable = typeof Document === 'function' && 'adoptedStyleSheets' in Document.prototype;

function adopted() {
  if (!sheet) {
    try {
      sheet = new CSSStyleSheet();
    } catch (e) {
      return false;
    }
  }
  if (!document.adoptedStyleSheets.includes(sheet)) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  return true;
}

// The class for `px`, or null when rows must carry it themselves. Named after the value,
// so two copies of this module (a second import under another address) agree on them.
function classFor(px) {
  if (!constructable || !adopted()) return null;
  const known = classes.get(px);
  if (known || classes.size >= RULES_LIMIT) return known || null;
  const name = 'dcv-inset-' + String(px).replace(/[^0-9a-z-]/gi, '_');
  sheet.insertRule('.' + name + ' { --dcv-separator-inset: ' + px + 'px; }');
  classes.set(px, name);
  return name;
}

// Gives `el` the separator inset `px` (a number), replacing the one it had.
function setSeparatorInset(el, px) {
  const name = classFor(px);
  if (el.dcvInsetClass !== name) {
    if (el.dcvInsetClass) el.classList.remove(el.dcvInsetClass);
    if (name) el.classList.add(name);
    el.dcvInsetClass = name;
  }
  if (name) el.style.removeProperty('--dcv-separator-inset');
  else el.style.setProperty('--dcv-separator-inset', px + 'px');
}

export { setSeparatorInset, RULES_LIMIT };
