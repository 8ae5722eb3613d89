// The drop-to-painted-preview benchmark's recorder and its figures, shared by the Chromium run
// (latency.test.js) and the WebKitGTK window (../app_smoke/window.test.js). `installDropBench`
// runs in the page (passed as source: `(${installDropBench})(marker)`), as window.dropBench.
//
// Per drop, on the page's clock (performance.now):
// - stamp:    the pointerup's timeStamp (when the browser took the input in);
// - dispatch: when the pointerup reached the page (a capture listener on window, before the
//             app's own);
// - dom:      when `marker` (a CSS selector: the preview's total) is first in the DOM after the
//             dispatch; a MutationObserver sees it once the task's script is done, so this
//             counts all of the app's JS before the browser may render;
// - frame:    the animation frame after that (its rAF callback): the frame the marker is drawn in;
// - painted:  the task after that frame (a timeout from its rAF): the frame has been produced;
// - frames:   which frame after the dispatch that was, from a rAF ticker that runs throughout
//             (1: the first frame the browser began after the pointerup reached the page);
// - waiting:  how many backend commands were out at the dispatch (api.js counts them): 1 when
//             the preview asked ahead while the tile was over the square had not come back.

/** Runs in the page: records every drop (a touch pointerup while `dropBench.armed`). */
export function installDropBench(marker) {
  // Installed again (a new page body): the old ticker stops.
  if (window.dropBench) window.dropBench.stopped = true;
  const bench = { armed: false, current: null, drops: [], ticks: [], stopped: false };
  const tick = () => { if (bench.stopped) return; bench.ticks.push(performance.now()); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  addEventListener('pointerup', (e) => {
    if (!bench.armed || e.pointerType !== 'touch') return;
    bench.armed = false;
    bench.current = { stamp: e.timeStamp, dispatch: performance.now(), waiting: globalThis.wordclubPendingCalls ?? 0 };
  }, true);
  new MutationObserver(() => {
    const drop = bench.current;
    if (!drop || drop.dom != null || !document.querySelector(marker)) return;
    drop.dom = performance.now();
    requestAnimationFrame(() => {
      drop.frame = performance.now();
      setTimeout(() => {
        drop.painted = performance.now();
        drop.frames = bench.ticks.filter((t) => t > drop.dispatch && t <= drop.frame).length;
        bench.current = null;
        bench.drops.push(drop);
      }, 0);
    });
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  window.dropBench = bench;
}

/** p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (x) => `${x.toFixed(1)} ms`;
const spread = (values) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}`;

/** The parts of the drops' time, one figure per line. */
export function dropParts(drops) {
  const by = (f) => drops.map(f);
  return {
    total: by((d) => d.painted - d.stamp),
    browser: by((d) => d.dispatch - d.stamp),
    js: by((d) => d.dom - d.dispatch),
    paint: by((d) => d.painted - d.dom),
    toFrame: by((d) => d.frame - d.dom),
    render: by((d) => d.painted - d.frame),
    frames: by((d) => d.frames),
    waiting: drops.filter((d) => d.waiting > 0).length,
  };
}

/** The intervals between the ticker's frames (ms). */
export function frameIntervals(ticks) {
  return ticks.slice(1).map((t, i) => t - ticks[i]);
}

/** "1 ×48, 2 ×2": how many drops were painted in each frame after the dispatch. */
export function frameCounts(frames) {
  const counts = new Map();
  for (const f of frames) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([f, n]) => `frame ${f} ×${n}`).join(', ');
}

/** The printed lines for `drops` of the app (and, when given, `floor`: the drops on the blank
 *  reference page); `ticks`: the ticker's frame times over the app's run. */
export function dropReport(title, drops, ticks, floor = null) {
  const app = dropParts(drops);
  const lines = [
    `${title}: ${drops.length} drops, frames every ${ms(percentile(frameIntervals(ticks), 50))} (p50; p95 ${ms(percentile(frameIntervals(ticks), 95))})`,
    `  timestamp→painted ${spread(app.total)}`,
    `  browser (timestamp→dispatch) ${spread(app.browser)}`,
    `  app JS (dispatch→preview in the DOM) ${spread(app.js)}; the preview asked ahead still out at the drop: ${app.waiting} of ${drops.length}`,
    `  DOM→painted ${spread(app.paint)}`,
    `    of it, DOM→the frame's rAF ${spread(app.toFrame)}; rAF→painted (the frame's work) ${spread(app.render)}`,
    `  painted in ${frameCounts(app.frames)} after the dispatch`,
  ];
  if (floor) {
    const blank = dropParts(floor);
    lines.push(
      `  floor, a blank page (the pointerup sets one text node), ${floor.length} drops: timestamp→painted ${spread(blank.total)}; browser ${spread(blank.browser)}; DOM→painted ${spread(blank.paint)}; rAF→painted ${spread(blank.render)}; painted in ${frameCounts(blank.frames)}`,
      `  the app's share (timestamp→painted minus the floor's): p50 ${ms(percentile(app.total, 50) - percentile(blank.total, 50))}, p95 ${ms(percentile(app.total, 95) - percentile(blank.total, 95))}`,
    );
  }
  return lines.join('\n');
}
