import { useIntl } from 'react-intl';

/** An indeterminate progress indicator, announced to screen readers. */
export function Spinner({ size = 'medium', label }: { size?: 'small' | 'medium' | 'large'; label?: string }) {
  const intl = useIntl();
  return (
    <span className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? intl.formatMessage({ id: 'common.loading' })}</span>
    </span>
  );
}

/** A spinner centred in the space of a page or a panel. */
export function PageSpinner() {
  return (
    <div className="page-spinner" data-testid="page-spinner">
      <Spinner size="large" />
    </div>
  );
}
