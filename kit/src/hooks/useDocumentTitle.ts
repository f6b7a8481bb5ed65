import { useEffect } from 'react';
import { PRODUCT_TITLE } from '../brand';

/** 'Analytics · Weightwise': the tab, the history and screen readers name the page the user is on. */
export function documentTitle(page: string | null): string {
  return page ? `${page} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

/** Sets the document title while the calling screen is shown. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
