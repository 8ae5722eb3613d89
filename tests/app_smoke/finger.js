// A finger for the app window's WebKitGTK. Its WebDriver turns touch pointer actions into
// mouse ones (pointerType "mouse", measured), so the window test dispatches what a finger
// makes itself: PointerEvents of type "touch" and the matching touch events, then the click a
// tap ends in. `installFinger` runs in the page (executeScript), as `window.finger`.

/** Defines window.finger = { kind, drag(x0, y0, x1, y1, steps, pause), tap(x, y) }; both
 *  resolve once the app has handled the gesture (two frames and a task later). `kind`: how the
 *  touch events are made here. A drag moves one step a frame and lifts in the task of its
 *  last move, or a frame later with `pause` (as the Chromium benchmark's paced drag). */
export function installFinger() {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  let nextId = 100;
  const touchOf = (target, id, x, y) => new Touch({ identifier: id, target, clientX: x, clientY: y, pageX: x, pageY: y, screenX: x, screenY: y, radiusX: 4, radiusY: 4, force: 1 });
  const pointer = (target, type, id, x, y) => target.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', isPrimary: true, clientX: x, clientY: y, screenX: x, screenY: y,
    button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, width: 8, height: 8, pressure: type === 'pointerup' ? 0 : 0.5,
    bubbles: true, cancelable: true, composed: true,
  }));
  // WebKitGTK without a touch screen has TouchEvent but refuses to construct Touch points:
  // then the touch events go without them (the app only ever cancels them).
  let kind = 'TouchEvent with Touch points';
  try { touchOf(document.body, 0, 0, 0); } catch { kind = 'TouchEvent without Touch points'; }
  if (kind !== 'TouchEvent with Touch points') {
    try { new TouchEvent('touchstart'); } catch { kind = 'Event named touch*'; }
  }
  const touch = (target, type, id, x, y) => {
    const init = { bubbles: true, cancelable: true, composed: true };
    let event;
    if (kind === 'TouchEvent with Touch points') {
      const t = touchOf(target, id, x, y);
      const list = type === 'touchend' ? [] : [t];
      event = new TouchEvent(type, { ...init, touches: list, targetTouches: list, changedTouches: [t] });
    } else if (kind === 'TouchEvent without Touch points') event = new TouchEvent(type, init);
    else event = new Event(type, init);
    return target.dispatchEvent(event);
  };
  window.finger = {
    kind,
    async drag(x0, y0, x1, y1, steps = 8, pause = false) {
      const id = nextId++;
      const target = document.elementFromPoint(x0, y0);
      pointer(target, 'pointerdown', id, x0, y0);
      touch(target, 'touchstart', id, x0, y0);
      for (let i = 1; i <= steps; i++) {
        await frame();
        const [x, y] = [x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps];
        // Implicit capture: a touch's pointer events go to where it started, as its touch events do.
        pointer(target, 'pointermove', id, x, y);
        touch(target, 'touchmove', id, x, y);
      }
      if (pause) await frame();
      pointer(target, 'pointerup', id, x1, y1);
      touch(target, 'touchend', id, x1, y1);
      await frame();
      await frame();
    },
    async tap(x, y) {
      const id = nextId++;
      const target = document.elementFromPoint(x, y);
      pointer(target, 'pointerdown', id, x, y);
      const go = touch(target, 'touchstart', id, x, y);
      pointer(target, 'pointerup', id, x, y);
      const go2 = touch(target, 'touchend', id, x, y);
      // A tap whose touch events nobody cancelled ends in a click on the element tapped.
      if (go && go2) target.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true, cancelable: true, composed: true, detail: 1 }));
      await frame();
      await frame();
    },
  };
}
