// diffable-order.js — puts a parent's cell nodes in index order with the fewest moves.
// Moving a node takes it out of the document and back, so the browser styles and lays out
// all of it again: a batch that inserts one row near the top of what is on screen must
// move that row's node, not the twenty after it.

// The indices (into `values`) of a longest strictly increasing run of `values`.
function longestIncreasing(values) {
  const tails = []; // tails[k]: index of the smallest last value of a run of length k + 1
  const previous = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]] < values[i]) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  }
  const run = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) run.add(i);
  return run;
}

// Makes `elements` (children of `parent`, in the order they should have) follow each other
// in that order among the parent's children, moving only those outside a longest run that
// already does; other children (fading ghosts, grid lines) stay where they are. Returns
// the elements it moved.
function orderChildren(parent, elements) {
  const position = new Map();
  let k = 0;
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) position.set(child, k++);
  const stay = longestIncreasing(elements.map((el) => position.get(el)));
  if (stay.size === elements.length) return [];
  const moved = [];
  // From the end, each element that moves goes before its successor, which is in place by
  // then; the last goes after the last one that stays.
  let lastStaying = -1;
  for (const i of stay) lastStaying = Math.max(lastStaying, i);
  for (let i = elements.length - 1; i >= 0; i--) {
    if (stay.has(i)) continue;
    if (i === elements.length - 1) elements[lastStaying].after(elements[i]);
    else parent.insertBefore(elements[i], elements[i + 1]);
    moved.push(elements[i]);
  }
  return moved;
}

export { longestIncreasing, orderChildren };
