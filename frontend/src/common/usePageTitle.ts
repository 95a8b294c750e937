import { useEffect } from 'react';

export const PRODUCT_NAME = 'Claims Copilot';

/** Sets the tab title ("Documents | Claims Copilot") so screen-reader users know where they are. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === PRODUCT_NAME ? title : `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
