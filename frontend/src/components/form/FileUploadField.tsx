import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError } from '../../lib/form-errors';
import { formatBytes } from '../../lib/format';

interface Props {
  labelId: string;
  /** Prefixes the test ids of the input (`-file`) and the progress (`-upload-progress`). */
  testId: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept: string;
  maxBytes: number;
  /** Share sent (0–1) while uploading, null otherwise. */
  progress: number | null;
  error?: FieldError;
}

/** The file of a release (firmware, cash database): chosen, then sent with its progress shown. */
export function FileUploadField({ labelId, testId, file, onChange, accept, maxBytes, progress, error }: Props) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={labelId} />
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid={`${testId}-file`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <span id={`${id}-hint`} className="form__hint">
        {file ? (
          `${file.name} · ${formatBytes(file.size, intl.locale)}`
        ) : (
          <FormattedMessage id="releaseFile.hint" values={{ max: formatBytes(maxBytes, intl.locale) }} />
        )}
      </span>
      {progress !== null && (
        <div data-testid={`${testId}-upload-progress`}>
          <progress max={100} value={Math.round(progress * 100)} aria-label={intl.formatMessage({ id: 'releaseFile.progress' })} />{' '}
          <FormattedMessage id="releaseFile.sent" values={{ percent: Math.round(progress * 100) }} />
        </div>
      )}
      {error && (
        <span className="field__error" role="alert" data-testid="error-file">
          <FormattedMessage id={error.messageId} values={error.values} />
        </span>
      )}
    </div>
  );
}
