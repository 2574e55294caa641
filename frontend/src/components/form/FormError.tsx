import { FormattedMessage } from 'react-intl';
import './form.css';

/**
 * Why the form was not accepted (not tied to one field); nothing while `messageId` is null. The alert region
 * stays in the page, so the message is announced when it appears; `id` lets the fields it concerns point to it.
 */
export function FormError({ messageId, testId, id }: { messageId: string | null; testId?: string; id?: string }) {
  return (
    <div className="form__live" role="alert" id={id}>
      {messageId && (
        <p className="form__error" data-testid={testId}>
          <FormattedMessage id={messageId} />
        </p>
      )}
    </div>
  );
}
