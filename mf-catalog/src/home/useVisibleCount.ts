import { useContext, useEffect, useState } from 'react';
import { ServerViewportWidth } from '../firstScreen/viewport';

/** Cards per carousel view: 4, or 3 below 1200 px, or 2 below 768 px (spec section 9). */
export function visibleCountFor(width: number): number {
  if (width < 768) return 2;
  if (width < 1200) return 3;
  return 4;
}

export function useVisibleCount(): number {
  const serverWidth = useContext(ServerViewportWidth);
  const [count, setCount] = useState(() => visibleCountFor(typeof window === 'undefined' ? serverWidth : window.innerWidth));
  useEffect(() => {
    const update = () => setCount(visibleCountFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return count;
}
