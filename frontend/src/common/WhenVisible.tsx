import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the place they take enters the viewport; until then a box of `minHeight`
 * holds it. A lazy component inside is then fetched only when the person scrolls
 * towards it: what a page does not show above the fold stays out of its first load.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? <>{children}</> : <Box ref={place} sx={{ minHeight }} />;
}
