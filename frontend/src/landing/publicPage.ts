import { useEffect } from 'react';

/** Sign-in is handled by the server, so this must be a full-page navigation, never a router push. */
export const LOGIN_URL = '/api/login';

export const PRODUCT_NAME = 'Claims Copilot';

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
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title === PRODUCT_NAME ? title : `${title} | ${PRODUCT_NAME}`;
    window.scrollTo(0, 0);
    return () => {
      document.title = previousTitle;
    };
  }, [title]);
}

/** Text for screen readers only (the usual clip pattern), e.g. to announce that a link opens a new tab. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
