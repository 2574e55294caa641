import type { ReactNode } from 'react';

/** A screen of the console: its title, the links or buttons beside it, then its content. */
export function Page({ title, actions, testId, children }: { title: ReactNode; actions?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div className="page" data-testid={testId}>
      <header className={actions ? 'page__header page__header--actions' : 'page__header'}>
        <h1>{title}</h1>
        {actions}
      </header>
      {children}
    </div>
  );
}
