import { useEffect } from 'react';
import { BRAND } from '@gradelens/shared';

/** Names the browser tab after the page: 'Portfolio - GradeLens'; the home page is the brand alone. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} - ${BRAND}` : BRAND;
  }, [title]);
}
