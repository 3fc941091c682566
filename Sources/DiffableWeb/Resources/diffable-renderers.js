// diffable-renderers.js — custom content configurations (UIKit's UIContentConfiguration):
// a cell whose `custom` is {renderer, payload} is drawn by the function the page registered
// under that name, as a custom content view draws its configuration. The view calls the
// renderer again whenever the row's state changes, as UIKit calls a cell's
// configurationUpdateHandler, so a cell can look different when selected.

import { RENDERER_NAME_LIMIT } from './diffable-model.js';
import { debug } from './diffable-debug.js';

const renderers = new Map();
const warned = new Set();
const listeners = new Set();

// render(element, payload, state) fills `element` (emptied before each call) and returns
// the row's accessible label; state is {selected, highlighted, editing, expanded, swiped,
// focused, disabled}. Registering a name again replaces its renderer; rows already drawn
// with it are drawn again.
export function registerContentRenderer(name, render) {
  if (typeof name !== 'string' || name.length === 0 || name.length > RENDERER_NAME_LIMIT) {
    throw new TypeError('a content renderer needs a name of 1 to ' + RENDERER_NAME_LIMIT + ' characters');
  }
  if (typeof render !== 'function') throw new TypeError('a content renderer is a function (element, payload, state)');
  renderers.set(name, render);
  for (const listener of Array.from(listeners)) listener(name);
}

// listener(name) after each registration; returns a function that stops it.
export function onRendererRegistered(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Draws `custom` into `box` and returns the label for the row: what the renderer returned,
// else the text it drew. A name nobody registered leaves the box empty (its name stays in
// data-renderer) and is warned about once.
export function renderCustomContent(box, custom, state) {
  const name = custom.renderer;
  box.textContent = '';
  box.setAttribute('data-renderer', name);
  const render = renderers.get(name);
  box.classList.toggle('dcv-custom-unknown', !render);
  if (!render) {
    if (!warned.has(name)) {
      warned.add(name);
      debug.stats.unknownRenderers++;
      console.warn('[diffable] no content renderer is registered as "' + name + '" (registerContentRenderer)');
    }
    return '';
  }
  let label;
  try {
    label = render(box, custom.payload, Object.freeze(Object.assign({}, state)));
  } catch (e) {
    console.error('[diffable] content renderer "' + name + '" failed:', e);
  }
  if (typeof label === 'string' && label.trim()) return label.trim();
  return box.textContent.replace(/\s+/g, ' ').trim();
}
