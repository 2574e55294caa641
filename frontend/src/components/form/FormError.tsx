import { FormattedMessage } from 'react-intl';

/** Why the form was not accepted (not tied to one field); nothing while `messageId` is null. */
export function FormError({ messageId, testId }: { messageId: string | null; testId?: string }) {
  if (!messageId) return null;
  return (
    <p className="form__error" role="alert" data-testid={testId}>
      <FormattedMessage id={messageId} />
    </p>
  );
}
