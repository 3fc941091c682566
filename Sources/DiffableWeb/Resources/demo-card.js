// demo-card.js — the renderer of the demo's cards, a custom content configuration
// (`DemoCard` in Sources/diffable-demo): a title, a topic and a progress bar of lessons
// done. It shows what a page adds for a cell that a list content configuration can't
// describe, and draws the selected card emphasized from the state the view passes.

import { registerContentRenderer } from './diffable.js';

function text(className, value) {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = value;
  return el;
}

function count(value) {
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

export function drawDemoCard(element, payload, state) {
  const card = payload && typeof payload === 'object' ? payload : {};
  const title = typeof card.title === 'string' ? card.title : '';
  const topic = typeof card.topic === 'string' ? card.topic : '';
  const total = Math.max(1, count(card.total));
  const done = Math.min(count(card.done), total);
  const box = document.createElement('div');
  box.className = 'demo-card';
  if (state.selected || card.isEmphasized) box.classList.add('demo-card-emphasized');
  const texts = document.createElement('div');
  texts.className = 'dcv-texts';
  texts.append(text('dcv-text', title), text('dcv-secondary-text', topic));
  // The bar is drawn for the eye; the row's name says the same in words.
  const bar = document.createElement('div');
  bar.className = 'demo-card-bar';
  bar.setAttribute('aria-hidden', 'true');
  const fill = document.createElement('div');
  fill.className = 'demo-card-fill';
  fill.style.inlineSize = (100 * done / total) + '%';
  bar.appendChild(fill);
  const progress = text('demo-card-progress', done === total ? 'Done' : done + ' of ' + total);
  progress.setAttribute('aria-hidden', 'true');
  box.append(texts, bar, progress);
  element.appendChild(box);
  return title + ', ' + topic + ', ' + done + ' of ' + total + ' done';
}

registerContentRenderer('demo-card', drawDemoCard);
