// diffable-animation.js — how changes move on screen: FLIP slides for rows and sections that
// change place, fades for rows that come and go. The view says which nodes; this file only
// measures and animates them (Web Animations, so nothing here fights the view's inline
// positions). Callers skip all of it when the batch is not animated or the user prefers
// reduced motion.

const MOVE_MS = 300;
const FADE_MS = 220;
const EASING = 'cubic-bezier(0.25, 0.8, 0.3, 1)';

function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// First: where each node is on screen before a change.
function measure(elements) {
  const rects = new Map();
  for (const el of elements) if (el && el.isConnected) rects.set(el, el.getBoundingClientRect());
  return rects;
}

function slide(el, dx, dy) {
  if (Math.abs(dx) <= 0.5 && Math.abs(dy) <= 0.5) return;
  el.animate([{ transform: 'translate(' + dx + 'px,' + dy + 'px)' }, { transform: 'none' }], { duration: MOVE_MS, easing: EASING });
}

// Last, invert, play. Containers (sections) slide first; a row inside a container that
// slides itself only makes up the difference, so a moved section's rows ride along.
// Rows marked `dcv-fresh` (inserted or reloaded) fade in once the others made room.
function play(first, containers, rows, containerOf) {
  const containerDelta = new Map();
  for (const el of containers) {
    const before = first.get(el);
    if (!before || !el.isConnected) continue;
    const after = el.getBoundingClientRect();
    const delta = [before.left - after.left, before.top - after.top];
    containerDelta.set(el, delta);
    slide(el, delta[0], delta[1]);
  }
  for (const el of rows) {
    if (el.classList.contains('dcv-fresh')) {
      el.classList.remove('dcv-fresh');
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: 'ease-out', delay: FADE_MS / 2, fill: 'backwards' });
      continue;
    }
    const before = first.get(el);
    if (!before) continue;
    const after = el.getBoundingClientRect();
    const [pdx, pdy] = containerDelta.get(containerOf(el)) || [0, 0];
    slide(el, before.left - after.left - pdx, before.top - after.top - pdy);
  }
}

// A node that no longer belongs to a row (or a section) fades out where it is, then goes.
// It stops being part of the page at once: no id, no role, hidden from assistive tech.
function ghost(el, animated) {
  el.classList.add('dcv-ghost');
  el.removeAttribute('id');
  el.removeAttribute('role');
  el.removeAttribute('tabindex');
  el.setAttribute('aria-hidden', 'true');
  if (el.contains(document.activeElement)) el.blur();
  if (!animated) {
    el.remove();
    return;
  }
  const fade = el.animate([{ opacity: getComputedStyle(el).opacity }, { opacity: 0 }], { duration: FADE_MS, easing: 'ease-in', fill: 'forwards' });
  fade.onfinish = () => el.remove();
  setTimeout(() => el.remove(), FADE_MS + 200); // in case the animation never finishes (a hidden tab)
}

function fadeIn(el) {
  el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, easing: 'ease-out' });
}

export { MOVE_MS, FADE_MS, reducedMotion, measure, play, ghost, fadeIn };
