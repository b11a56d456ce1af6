import { useEffect } from 'react';

/**
 * Marks the document once the client has rendered (`<html data-client="ready">`). Until then a server-rendered
 * page (decision 025) shows controls that do nothing yet: the stylesheet gives them a busy cursor, and browser
 * specs wait for the mark before they click.
 */
export function ClientReady() {
  useEffect(() => {
    document.documentElement.dataset.client = 'ready';
  }, []);
  return null;
}
