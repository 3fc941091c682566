"""Issue 16, the page within one frame: a batch is drawn by one render() that reads the
scroller's layout before it writes anything (a read after a write forces the browser into
a synchronous style and layout), so the cost of a batch stays that of one frame's work."""

# Wraps the view's applyBatch: while a batch is handled (its own microtasks included),
# counts render() calls and every read of layout that comes after a DOM change the batch
# made, as a MutationObserver has seen it by then: each such read forces a layout.
BATCH_PROBE = """
const view = window.diffableDebug.views.demo;
if (!window.__frame) {
  const probe = window.__frame = {active: false, renders: 0, forced: [], batches: []};
  probe.observer = new MutationObserver(() => {});
  probe.observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const note = (name) => {
    if (probe.active && probe.observer.takeRecords().length) {
      probe.forced.push(name + ' ' + (new Error().stack.split('\\n')[3] || '').trim());
    }
  };
  const getters = [
    [Element.prototype, ['scrollTop', 'scrollLeft', 'scrollWidth', 'scrollHeight', 'clientTop',
                         'clientLeft', 'clientWidth', 'clientHeight']],
    [HTMLElement.prototype, ['offsetTop', 'offsetLeft', 'offsetWidth', 'offsetHeight', 'offsetParent', 'innerText']],
  ];
  for (const [proto, names] of getters) {
    for (const name of names) {
      const property = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, Object.assign({}, property, {
        get() { note(name); return property.get.call(this); },
      }));
    }
  }
  for (const name of ['getBoundingClientRect', 'getClientRects']) {
    const method = Element.prototype[name];
    Element.prototype[name] = function (...args) { note(name); return method.apply(this, args); };
  }
  const computed = window.getComputedStyle;
  window.getComputedStyle = function (...args) { note('getComputedStyle'); return computed.apply(this, args); };
  const render = view.render;
  view.render = function (...args) {
    if (probe.active) probe.renders++;
    return render.apply(this, args);
  };
  const applyBatch = view.applyBatch;
  view.applyBatch = function (message) {
    probe.observer.takeRecords(); // what changed before the batch is not the batch's
    probe.active = true;
    probe.renders = 0;
    probe.forced = [];
    const result = applyBatch.call(this, message);
    // The sync the batch schedules runs as a microtask; it counts too.
    queueMicrotask(() => {
      probe.active = false;
      probe.batches.push({seq: message.seq, animated: !!message.animated, renders: probe.renders, forced: probe.forced});
    });
    return result;
  };
}
"""


def test_a_batch_renders_once_and_forces_no_layout(demo):
    demo.send_command("medium")  # 10,000 entries: batches this long are not animated
    demo.wait_for(lambda p: p.view_state()["sections"][2]["count"] == 10_000, "the 10,000 entries never came")
    demo.js("""
      const el = window.diffableDebug.views.demo.element;
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    """)
    demo.wait_settled()
    demo.js(BATCH_PROBE)
    seq = demo.view_state()["seq"]
    commands = ["churn", "churn", "delete", "insert", "reconfigure", "shuffle", "churn"]
    for command in commands:
        demo.send_command(command)
        seq += 1
        demo.wait_for(lambda p: p.view_state()["seq"] == seq, f"no batch for {command}")
        demo.wait_settled()
    batches = demo.js("return window.__frame.batches")
    assert [b["seq"] for b in batches] == list(range(seq - len(commands) + 1, seq + 1))
    for command, batch in zip(commands, batches):
        assert batch["animated"] is False, (command, batch)
        assert batch["renders"] == 1, f"{command}: render() ran {batch['renders']} times for one batch"
        assert batch["forced"] == [], f"{command}: layout read after the batch wrote to the DOM: {batch['forced']}"
    # The view's own account, as the benchmark reads it: one render, at most one reading of
    # the scroller (none when this frame had read it already).
    timings = demo.js("return window.diffableDebug.batchTimings.filter((t) => t.view === 'demo').slice(-arguments[0])",
                      len(commands))
    for command, timing in zip(commands, timings):
        assert timing["renders"] == 1 and timing["viewportReads"] <= 1, (command, timing)
    assert demo.stats()["mismatches"] == 0
    assert demo.server_errors() == []
