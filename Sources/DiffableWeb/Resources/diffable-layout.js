// diffable-layout.js — geometry, pure: where every section, header and row of a collection
// view sits, from the sections' layouts, row counts and the view's width. Row heights are
// fixed per section, so a row's place is arithmetic and a 100,000-row list costs nothing to
// lay out; the view only creates nodes for the rows that this file says are on screen.

const DEFAULT_ROW_HEIGHT = 44;
const SUBTITLE_ROW_HEIGHT = 60;

// Per list appearance: horizontal inset of the rows, the gap above a section that has no
// header, the height of a supplementary header, and the space after the section.
const LIST_METRICS = {
  plain: { inset: 0, gap: 0, header: 32, after: 0 },
  grouped: { inset: 0, gap: 24, header: 44, after: 12 },
  insetGrouped: { inset: 16, gap: 24, header: 44, after: 12 },
  sidebar: { inset: 10, gap: 8, header: 40, after: 8 },
  sidebarPlain: { inset: 10, gap: 8, header: 40, after: 8 },
};
const COMPOSITIONAL_HEADER = 40;
const SCROLLBAR_GUTTER = 12;

function dimension(value, width, fallback) {
  if (!value || typeof value !== 'object' || !(value.value > 0)) return fallback;
  if (value.kind === 'fractionalWidth') return value.value * width;
  return value.value; // absolute, and estimated (fixed here: rows are never measured)
}

function insets(value) {
  const v = value || {};
  return { top: v.top || 0, leading: v.leading || 0, bottom: v.bottom || 0, trailing: v.trailing || 0 };
}

// What a row of a list section shows decides its fixed height: two stacked lines of text
// need more room than one, and a big image needs its own.
function preferredListRowHeight(cell) {
  const content = cell && cell.content;
  if (!content) return DEFAULT_ROW_HEIGHT;
  let height = DEFAULT_ROW_HEIGHT;
  if (content.secondaryText && !content.prefersSideBySideTextAndSecondaryText) height = SUBTITLE_ROW_HEIGHT;
  const size = content.imageProperties && content.imageProperties.maximumSize;
  if (content.image && size && size.height > 0) height = Math.max(height, size.height + 12);
  const margins = content.directionalLayoutMargins;
  if (margins) height = Math.max(height, (margins.top || 0) + (margins.bottom || 0) + 24);
  return Math.min(Math.round(height), 160);
}

// sections: [{count, layout, header, rowHeight}] (rowHeight: the list row height the view
// chose). width: the view's content width. Returns {height, sections: [geometry]} where
// each geometry has `top` and `height` in view coordinates and the numbers itemRect and
// itemRange need.
function computeLayout(sections, width) {
  const out = [];
  let top = 0;
  for (let index = 0; index < sections.length; index++) {
    const section = sections[index];
    const geometry = sectionGeometry(section, width, index);
    geometry.top = top;
    top += geometry.height;
    out.push(geometry);
  }
  return { width, height: Math.ceil(top), sections: out };
}

function sectionGeometry(section, width, index) {
  const layout = section.layout || { kind: 'list', list: { appearance: 'plain' } };
  const count = section.count;
  if (layout.kind === 'grid') {
    const grid = layout.grid || {};
    const pad = insets(grid.contentInsets);
    const headerHeight = section.header && grid.hasHeader !== false ? COMPOSITIONAL_HEADER : 0;
    const spacingX = grid.interItemSpacing >= 0 ? grid.interItemSpacing : 8;
    const spacingY = grid.lineSpacing >= 0 ? grid.lineSpacing : 8;
    const inner = Math.max(1, width - pad.leading - pad.trailing);
    let columns = 1;
    const spec = grid.columns || {};
    if (spec.kind === 'count') columns = Math.max(1, spec.count | 0);
    else if (spec.kind === 'adaptive' && spec.minimumItemWidth > 0) {
      columns = Math.max(1, Math.floor((inner + spacingX) / (spec.minimumItemWidth + spacingX)));
    }
    const itemWidth = (inner - (columns - 1) * spacingX) / columns;
    const itemHeight = dimension(grid.itemHeight, width, DEFAULT_ROW_HEIGHT);
    const lines = Math.ceil(count / columns);
    const bodyHeight = lines === 0 ? 0 : lines * itemHeight + (lines - 1) * spacingY;
    return {
      index, kind: 'grid', count, headerHeight, columns, itemWidth, itemHeight, spacingX, spacingY,
      pad, lines, itemsTop: headerHeight + pad.top,
      height: headerHeight + pad.top + bodyHeight + pad.bottom,
    };
  }
  if (layout.kind === 'horizontalRow') {
    const row = layout.horizontalRow || {};
    const pad = insets(row.contentInsets);
    const headerHeight = section.header && row.hasHeader !== false ? COMPOSITIONAL_HEADER : 0;
    const spacingX = row.interItemSpacing >= 0 ? row.interItemSpacing : 8;
    const itemWidth = Math.max(1, dimension(row.itemWidth, width, 120));
    const itemHeight = Math.max(1, dimension(row.itemHeight, width, DEFAULT_ROW_HEIGHT));
    const scrollWidth = pad.leading + pad.trailing + (count === 0 ? 0 : count * itemWidth + (count - 1) * spacingX);
    // The row scrolls sideways inside the view; its scroll bar gets a strip of its own
    // below the items instead of covering them.
    const band = pad.top + itemHeight + pad.bottom + SCROLLBAR_GUTTER;
    return {
      index, kind: 'row', count, headerHeight, itemWidth, itemHeight, spacingX, pad, scrollWidth,
      scrolling: row.scrollingBehavior || 'continuous',
      itemsTop: headerHeight + pad.top,
      rowBandHeight: band,
      height: headerHeight + band,
    };
  }
  const list = layout.list || {};
  const appearance = LIST_METRICS[list.appearance] ? list.appearance : 'plain';
  const metrics = LIST_METRICS[appearance];
  const hasHeader = list.headerMode === 'supplementary' && !!section.header;
  const extraTop = list.headerTopPadding > 0 ? list.headerTopPadding : 0;
  const headerHeight = hasHeader ? metrics.header + extraTop : (index === 0 && appearance !== 'plain' ? metrics.gap / 2 : metrics.gap);
  const rowHeight = section.rowHeight > 0 ? section.rowHeight : DEFAULT_ROW_HEIGHT;
  return {
    index, kind: 'list', appearance, count, headerHeight, hasHeader, rowHeight,
    inset: metrics.inset, itemsTop: headerHeight,
    separators: list.showsSeparators !== false && appearance !== 'sidebar' && appearance !== 'sidebarPlain',
    headerItem: list.headerMode === 'firstItemInSection',
    height: headerHeight + count * rowHeight + (count > 0 ? metrics.after : 0),
  };
}

// Where item i sits, in its section's coordinates ({x, y, w, h}). For a horizontal row, both
// are in the row's scrolling content, which starts below the section's header.
function itemRect(geometry, i, width) {
  switch (geometry.kind) {
    case 'grid': {
      const line = Math.floor(i / geometry.columns);
      const column = i % geometry.columns;
      return {
        x: geometry.pad.leading + column * (geometry.itemWidth + geometry.spacingX),
        y: geometry.itemsTop + line * (geometry.itemHeight + geometry.spacingY),
        w: geometry.itemWidth,
        h: geometry.itemHeight,
      };
    }
    case 'row':
      return {
        x: geometry.pad.leading + i * (geometry.itemWidth + geometry.spacingX),
        y: geometry.pad.top, // in the row's scroller, which sits below the header
        w: geometry.itemWidth,
        h: geometry.itemHeight,
      };
    default:
      return {
        x: geometry.inset,
        y: geometry.itemsTop + i * geometry.rowHeight,
        w: Math.max(0, width - 2 * geometry.inset),
        h: geometry.rowHeight,
      };
  }
}

// The items [start, end) of a section that intersect the vertical band [y0, y1) (view
// coordinates). For a horizontal row the band decides only whether the row is in it; the
// horizontal range [x0, x1) (row content coordinates) picks the items.
function itemRange(geometry, y0, y1, x0, x1) {
  const top = geometry.top + geometry.itemsTop;
  if (geometry.count === 0 || y1 <= geometry.top || y0 >= geometry.top + geometry.height) return [0, 0];
  switch (geometry.kind) {
    case 'grid': {
      const pitch = geometry.itemHeight + geometry.spacingY;
      const first = Math.max(0, Math.floor((y0 - top) / pitch));
      const last = Math.min(geometry.lines, Math.ceil((y1 - top) / pitch));
      if (last <= first) return [0, 0];
      return [first * geometry.columns, Math.min(geometry.count, last * geometry.columns)];
    }
    case 'row': {
      if (y1 <= top || y0 >= top + geometry.itemHeight) return [0, 0];
      const pitch = geometry.itemWidth + geometry.spacingX;
      const first = Math.max(0, Math.floor((x0 - geometry.pad.leading) / pitch));
      const last = Math.min(geometry.count, Math.ceil((x1 - geometry.pad.leading) / pitch));
      return last > first ? [first, last] : [0, 0];
    }
    default: {
      const first = Math.max(0, Math.floor((y0 - top) / geometry.rowHeight));
      const last = Math.min(geometry.count, Math.ceil((y1 - top) / geometry.rowHeight));
      return last > first ? [first, last] : [0, 0];
    }
  }
}

// The slot a dragged row would land in, from a y in its section's coordinates.
function dropIndex(geometry, y, count) {
  if (geometry.kind !== 'list') return -1;
  const slot = Math.round((y - geometry.itemsTop) / geometry.rowHeight);
  return Math.max(0, Math.min(count - 1, slot));
}

export {
  DEFAULT_ROW_HEIGHT,
  SUBTITLE_ROW_HEIGHT,
  preferredListRowHeight,
  computeLayout,
  sectionGeometry,
  itemRect,
  itemRange,
  dropIndex,
};
