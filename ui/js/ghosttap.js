// A double tap's second tap belongs to the control the first one pressed. When the first tap
// redraws the screen, whatever was drawn under the finger takes the second: "Show my rack"
// tapped twice pressed the Hint button drawn in its place (a hint recorded against a player
// who never asked for one), and "Take back" tapped twice opened "Abandon this match?", which
// had moved up under the finger. The browser says which taps make one double tap (the click's
// `detail` counts them, within its own time and distance); such a tap that lands on another
// control than the first is dropped. Controls are told apart by what they do, not by element,
// since a redraw makes new elements of the same controls: taps on the same control still act
// every time (Shuffle tapped three times shuffles three times; a rack tile tapped twice is
// picked up and put back), and so do keyboard presses (`detail` 0).

const CONTROLS = 'button, a[href], input, select, textarea, label, summary, [role="button"], [tabindex]';

/** The control a click acts on, or null for a tap on nothing in particular.
 * @param {EventTarget | null} target */
function controlOf(target) {
  return target instanceof Element ? target.closest(CONTROLS) : null;
}

/** What a control does, the same across redraws: its action, test id, square or rack place,
 *  else its name.
 * @param {Element | null} control */
function keyOf(control) {
  if (!control) return null;
  /** @type {DOMStringMap} */
  const d = control instanceof HTMLElement ? control.dataset : {};
  return d.action ?? d.testid ?? d.square ?? (d.index === undefined ? null : `tile ${d.index}`)
    ?? control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
}

/** Installs the guard on `doc` (once, at start-up). @param {Document} [doc] */
export function guardDoubleTaps(doc = document) {
  // What the first tap of the current run of taps pressed.
  /** @type {string | null} */
  let first = null;
  doc.addEventListener('click', (e) => {
    // A key's click (`detail` 0) is no tap: it neither acts as one nor ends a run of them
    // (Enter on a dialog between two taps on Abandon left the second counted as a double
    // tap's, which the browser had still counted).
    if (e.detail === 0) return;
    const control = controlOf(e.target);
    if (e.detail === 1) {
      first = keyOf(control);
      return;
    }
    if (control && keyOf(control) !== first) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, { capture: true });
}
