import { useEffect } from 'react';

/** Names the browser tab after the screen, so history and tabs read "Menu · Carta". */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = title ? `${title} · Carta` : 'Carta';
  }, [title]);
};
