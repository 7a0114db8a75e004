/** The cursor follower (spec 9: frame 0.1 is the easing per frame), off for touch and reduced motion. */
import { describe, expect, it } from 'vitest';
import { easeStep, followerAllowed } from '#scripts/cursor.ts';

describe('cursor follower', () => {
  it('covers `frame` of the remaining distance each frame', () => {
    expect(easeStep(0, 100, 0.1)).toBeCloseTo(10);
    let x = 0;
    for (let i = 0; i < 10; i++) x = easeStep(x, 100, 0.1);
    expect(x).toBeCloseTo(100 * (1 - 0.9 ** 10));
    expect(easeStep(40, 100, 1)).toBe(100);
  });

  it('runs only with a fine hovering pointer and motion not reduced', () => {
    const media =
      (...on: string[]) =>
      (q: string) =>
        on.includes(q);
    const fine = '(hover: hover) and (pointer: fine)';
    const reduced = '(prefers-reduced-motion: reduce)';
    expect(followerAllowed(media(fine))).toBe(true);
    expect(followerAllowed(media())).toBe(false);
    expect(followerAllowed(media(fine, reduced))).toBe(false);
  });
});
