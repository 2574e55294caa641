import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Names the browser tab (and the page for screen readers): the screen's name, then the console's, in the UI language. */
export function useDocumentTitle(screen: string | null): void {
  const intl = useIntl();
  useEffect(() => {
    document.title = screen ? intl.formatMessage({ id: 'app.documentTitle' }, { screen }) : intl.formatMessage({ id: 'app.title' });
  }, [intl, screen]);
}

/** The same for a screen whose name is one message. */
export function useDocumentTitleMessage(messageId: string): void {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: messageId }));
}
