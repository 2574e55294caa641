import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Media } from '#schemas/media';
import { TextField } from '../../../components/form/fields';
import { Spinner } from '../../../components/Spinner';
import { useFormat } from '../../../lib/format';
import { labelOr, MEDIA_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { useMediaPage } from '../api/get-media-page';
import { mediaSerialText } from '../media-labels';

const CANDIDATES = 5;
const SEARCHABLE = /^[0-9a-f]{3,20}$/i;

/**
 * Finds a media of the merchant by the start of its printed serial (at least 3 hex digits) and lets the user
 * pick one of the first few that `accept` allows; `onPick` gets its MediaId ('' while none is picked).
 */
export function MediaPicker({
  merchantId,
  currency,
  labelId,
  accept,
  picked,
  onPick,
}: {
  merchantId: string;
  currency: string;
  labelId: string;
  accept: (media: Media) => boolean;
  picked: string;
  onPick: (mediaId: string) => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const text = (id: string) => intl.formatMessage({ id });
  const term = search.trim();
  const searchable = SEARCHABLE.test(term);
  const found = useMediaPage(merchantId, { page: 1, size: 20, search: term.toUpperCase() }, searchable);
  const candidates = (found.data?.items ?? []).filter(accept).slice(0, CANDIDATES);

  return (
    <>
      <TextField
        labelId={labelId}
        name="mediaSearch"
        value={search}
        onChange={(value) => {
          setSearch(value);
          onPick('');
        }}
        hint={<FormattedMessage id="medias.filter.searchHex" />}
      />
      {searchable && found.isLoading && <Spinner size="small" />}
      {searchable && found.data && candidates.length === 0 && (
        <p className="muted" data-testid="media-picker-none">
          <FormattedMessage id="medias.picker.noneFound" />
        </p>
      )}
      {candidates.length > 0 && (
        <fieldset className="media-candidates" data-testid="media-picker">
          <legend>
            <FormattedMessage id="medias.picker.pick" />
          </legend>
          {candidates.map((m) => (
            <label key={m.mediaId} className="checkbox-field">
              <input
                type="radio"
                name="pickedMedia"
                value={m.mediaId}
                checked={picked === m.mediaId}
                onChange={() => onPick(m.mediaId)}
                data-testid="media-picker-option"
              />
              {`${mediaSerialText(m.serial, text)} · ${labelOr(MEDIA_TYPE_MESSAGES[m.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], m.mediaType, text)} · ${format.money(m.credit, currency)}`}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
