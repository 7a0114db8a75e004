/**
 * The theme's decorative cursor follower (spec 9: cursors 0001–0003, size 10, frame 0.1): a dot that
 * eases towards the pointer, covering `frame` of the remaining distance each animation frame. It never
 * replaces the system cursor (aria-hidden, pointer-events: none) and stays off on touch or coarse
 * pointers and for visitors who prefer reduced motion. It sleeps when it has caught up.
 */

/** One frame of easing: the new position after covering `frame` of the way to `target`. */
export function easeStep(current: number, target: number, frame: number): number {
  return current + (target - current) * frame;
}

/** Whether a follower may run: a fine pointer that hovers, and motion not reduced. */
export function followerAllowed(match: (query: string) => boolean): boolean {
  return match('(hover: hover) and (pointer: fine)') && !match('(prefers-reduced-motion: reduce)');
}

/** Starts the follower element (its data-cursor-size and data-cursor-frame come from the theme). */
export function startFollower(el: HTMLElement): void {
  if (!followerAllowed((q) => window.matchMedia(q).matches)) return;
  const size = Number(el.dataset.cursorSize) || 10;
  const frame = Math.min(Math.max(Number(el.dataset.cursorFrame) || 0.1, 0.01), 1);
  el.style.width = el.style.height = `${size}px`;
  let x = 0;
  let y = 0;
  let tx = 0;
  let ty = 0;
  let running = false;
  let placed = false;
  const draw = () => {
    el.style.transform = `translate3d(${x - size / 2}px, ${y - size / 2}px, 0)`;
  };
  const tick = () => {
    x = easeStep(x, tx, frame);
    y = easeStep(y, ty, frame);
    draw();
    running = Math.abs(tx - x) > 0.1 || Math.abs(ty - y) > 0.1;
    if (running) requestAnimationFrame(tick);
  };
  window.addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType !== 'mouse') return;
      tx = event.clientX;
      ty = event.clientY;
      if (!placed) {
        x = tx;
        y = ty;
        placed = true;
        el.hidden = false;
        draw();
      }
      if (!running) {
        running = true;
        requestAnimationFrame(tick);
      }
    },
    { passive: true },
  );
  document.documentElement.addEventListener('pointerleave', () => {
    el.hidden = true;
    placed = false;
  });
}
