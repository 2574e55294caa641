import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useDocumentTitle } from './document-title';

/**
 * A screen of the console: its title, the links or buttons beside it, then its content. The title also
 * names the browser tab, and a newly opened screen takes the focus on its title, so keyboard and screen
 * reader users start reading there (not from <body>).
 */
export function Page({ title, actions, testId, children }: { title: ReactNode; actions?: ReactNode; testId: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingText = useHeadingText(heading);
  useDocumentTitle(headingText || null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="page" data-testid={testId}>
      <header className={actions ? 'page__header page__header--actions' : 'page__header'}>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

/** The heading's text as shown: titles are messages and data that change in place (language, loading). */
function useHeadingText(heading: RefObject<HTMLHeadingElement | null>): string {
  const [text, setText] = useState('');
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    const read = () => setText(element.textContent?.trim() ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [heading]);
  return text;
}
