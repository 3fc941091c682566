// diffable-insets.js — a row's separator inset (where its separator starts) as a class.
//
// The inset depends on the row's indentation and image, so it used to be a custom property
// set on each row's own style. A custom property is inherited: every new row then had a
// style of its own, passed to each of its elements, and on the demo's 100,000-row list that
// was about a fifth of a batch's style recalculation (rows come and go with each batch).
// A class per inset in use, whose rule sets the property, lets rows with the same inset
// share their style. Insets are few (indentation levels times image widths); past
// RULES_LIMIT distinct ones, a row gets the property on its own style again.

const RULES_LIMIT = 64;
const classes = new Map(); // inset in px -> class name
let sheet = null;

function classFor(px) {
  const known = classes.get(px);
  if (known || classes.size >= RULES_LIMIT || typeof CSSStyleSheet !== 'function') return known || null;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  const name = 'dcv-inset-' + classes.size;
  sheet.insertRule('.' + name + ' { --dcv-separator-inset: ' + px + 'px; }');
  classes.set(px, name);
  return name;
}

// Gives `el` the separator inset `px` (a finite number), replacing the one it had.
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
