import type { Locator, Page } from 'playwright-core';

/** A hang guard, as the suite's `expect.poll` (decision 088): a page that settles returns at once. */
const STILL_WITHIN_MS = 10_000;

/**
 * Waits until the page stands still, as a screenshot after a transition needs (decision 106): its
 * web fonts loaded, no finite CSS animation or transition running, and no change to the DOM or to
 * an attribute for `quietFrames` animation frames in a row. antd-mobile's popups, masks and swipers
 * animate with react-spring, which writes inline styles every frame, so the DOM is where they show.
 * Endless animations (skeleton sweeps; the spinners of `ENDLESS_INDICATORS`) are left out; a
 * countdown that ticks each second leaves quiet frames between its ticks. This replaces the fixed pauses (300–500 ms) the pictures
 * used to wait: too short on a loaded machine, wasted on a quiet one.
 */
export async function untilStill(
  page: Page,
  { quietFrames = 5 }: { quietFrames?: number } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(
    ({ quietFrames, within, endless }) =>
      new Promise<void>((resolve, reject) => {
        let lastChange = 'nothing';
        let changes = 0;
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            const target = (
              record.target instanceof Element ? record.target : record.target.parentElement
            ) as Element | null;
            if (target?.closest(endless)) continue;
            changes += 1;
            lastChange = `${record.type} on <${target?.nodeName.toLowerCase()} class="${target?.className}">`;
          }
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const running = () =>
          document
            .getAnimations()
            .find(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            );
        const deadline = performance.now() + within;
        let quiet = 0;
        let seen = changes;
        const frame = () => {
          const animation = running();
          if (changes !== seen || animation) {
            quiet = 0;
            seen = changes;
            if (animation) lastChange = `a running ${animation.constructor.name}`;
          } else quiet += 1;
          if (quiet >= quietFrames) {
            observer.disconnect();
            resolve();
          } else if (performance.now() > deadline) {
            observer.disconnect();
            reject(new Error(`the page did not stand still within ${within} ms: last ${lastChange}`));
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { quietFrames, within: STILL_WITHIN_MS, endless: ENDLESS_INDICATORS },
  );
}

/**
 * Waiting indicators that turn for as long as they show, drawn by script (react-spring writes their
 * attributes every frame) rather than by an endless CSS animation: a QR waiting for its payment
 * shows one until the provider answers. Their changes are not the page moving.
 */
const ENDLESS_INDICATORS = '.adm-spin-loading, .adm-dot-loading';

/**
 * Waits until an element has kept the same place and size for `quietFrames` animation frames: a map
 * flying to a position, a list correcting its scroll after rows came or went. Only the element is
 * watched, so a ticking clock elsewhere on the page does not hold it up.
 */
export async function untilSteady(locator: Locator, { quietFrames = 5 }: { quietFrames?: number } = {}) {
  await locator.evaluate(
    (element, { quietFrames, within }) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + within;
        const where = () => {
          const box = element.getBoundingClientRect();
          return `${box.x},${box.y},${box.width},${box.height}`;
        };
        let last = where();
        let quiet = 0;
        const frame = () => {
          const now = where();
          quiet = now === last ? quiet + 1 : 0;
          last = now;
          if (quiet >= quietFrames) resolve();
          else if (performance.now() > deadline)
            reject(new Error(`the element kept moving for ${within} ms (last at ${now})`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { quietFrames, within: STILL_WITHIN_MS },
  );
}

/** One frame drawn by the page: the pace of a finger's moves on a phone's screen. */
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
