import { useEffect, useRef, useState } from 'react';

/** Within this distance of the top or the end of the page the answer is always "no". */
const EDGE_PX = 120;
/** Smaller moves (a finger resting on the screen, momentum's last pixels) change nothing. */
const STEP_PX = 12;

/**
 * Whether the shopper is reading on down through the middle of the page: true after a scroll down,
 * false after a scroll up and near either end. Checked once per frame at most, from a passive
 * listener, so scrolling stays smooth on a cheap phone. While `paused` the answer is false, and
 * it stays false after the pause until the next scroll down.
 */
export function useScrollingDown(paused = false): boolean {
  const [down, setDown] = useState(false);
  const pausedNow = useRef(paused);
  pausedNow.current = paused;
  useEffect(() => {
    if (paused) setDown(false);
  }, [paused]);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const check = (): void => {
      frame = 0;
      const y = window.scrollY;
      if (pausedNow.current) {
        last = y;
        return;
      }
      const end = document.documentElement.scrollHeight - window.innerHeight;
      if (y < EDGE_PX || y > end - EDGE_PX) setDown(false);
      else if (y > last + STEP_PX) setDown(true);
      else if (y < last - STEP_PX) setDown(false);
      // Keep measuring from where the last real move ended.
      else return;
      last = y;
    };
    const onScroll = (): void => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return down;
}
