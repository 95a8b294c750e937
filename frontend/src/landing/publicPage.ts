import { useEffect } from 'react';
import { PRODUCT_NAME, usePageTitle } from '../common/usePageTitle';

export { PRODUCT_NAME };
export { visuallyHidden } from '../common/a11y';

/** Sign-in is handled by the server, so links to it are full-page navigations, never router pushes. */
export { LOGIN_URL } from '../auth/unauthorized';

/**
 * MUI buttons drop the browser outline and rely on a faint ripple, which is hard to see for
 * keyboard users; a solid ring on every link and button in the public pages fixes that.
 */
export const focusVisibleStyles = {
  '& a:focus-visible, & button:focus-visible, & .Mui-focusVisible': {
    outline: '3px solid',
    outlineColor: 'primary.main',
    outlineOffset: '2px',
  },
} as const;

/**
 * Client-side navigation keeps the previous scroll position (a footer link would open a legal
 * page already scrolled to its end), and screen-reader users rely on the tab title to know
 * which page they are on.
 */
export function usePublicPage(title: string): void {
  usePageTitle(title);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [title]);
}
