import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContentFile } from '#schemas/content-file';
import { formatBytes } from '../../lib/format';
import { Spinner } from '../Spinner';

interface Props {
  labelId: string;
  /** `.png,.jpg,.jpeg` or `.pdf`. */
  accept: string;
  /** The rule shown under the control (types, size, pixels). */
  hintId: string;
  hintValues?: Record<string, string | number>;
  /** The stored file, if any. */
  current: ContentFile | null;
  /** Sends the chosen file (upload with progress, then the call that accepts it); rejects with the API's error. */
  onUpload: (file: File, onProgress: (share: number) => void) => Promise<void>;
  onRemove?: () => Promise<void>;
  /** The stored image shown beside it (a data: URL), when it is one. */
  previewUrl?: string;
  testId: string;
}

/** A file kept by the server (a logo, an image, a pdf): the current one, a new one sent with its progress, removal. */
export function ContentFileField({ labelId, accept, hintId, hintValues, current, onUpload, onRemove, previewUrl, testId }: Props) {
  const intl = useIntl();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    setBusy(true);
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch {
      // The caller told the failure (toast); the field stays as it was.
    } finally {
      setBusy(false);
      setProgress(null);
      input.value = '';
    }
  }

  return (
    <div className="field content-file" data-testid={testId}>
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={labelId} />
      </label>
      {current ? (
        <div className="content-file__current" data-testid={`${testId}-current`}>
          {previewUrl && <img src={previewUrl} alt={intl.formatMessage({ id: labelId })} className="content-file__preview" />}
          <span>
            {current.fileName} · {formatBytes(current.size, intl.locale)}
            {current.width !== null && current.height !== null ? ` · ${current.width} × ${current.height} px` : ''}
          </span>
          {onRemove && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void onRemove()} data-testid={`${testId}-remove`}>
              <FormattedMessage id="contentFile.remove" />
            </button>
          )}
        </div>
      ) : (
        <span className="form__hint" data-testid={`${testId}-none`}>
          <FormattedMessage id="contentFile.none" />
        </span>
      )}
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        data-testid={`${testId}-input`}
        onChange={(e) => void choose(e.target.files?.[0], e.target)}
      />
      <span id={`${id}-hint`} className="form__hint">
        <FormattedMessage id={hintId} values={hintValues} />
      </span>
      {progress !== null && (
        <div data-testid={`${testId}-progress`}>
          <progress max={100} value={Math.round(progress * 100)} aria-label={intl.formatMessage({ id: 'contentFile.progress' })} />{' '}
          {progress < 1 ? <FormattedMessage id="contentFile.sent" values={{ percent: Math.round(progress * 100) }} /> : <Spinner size="small" />}
        </div>
      )}
    </div>
  );
}
