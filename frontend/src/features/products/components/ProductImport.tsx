import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { MAX_PRODUCT_IMPORT_ROWS } from '#schemas/product';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { importProducts } from '../api/import-products';
import { productErrorMessageId } from '../messages';
import '../products.css';

/** `rows.4.customParameters.Weight g` → row 4, field "Weight g"; `columns.colour` → column "colour". */
function describe(path: string): { row?: string; field: string } {
  const [part, second = '', ...rest] = path.split('.');
  if (part === 'rows' && /^\d+$/.test(second)) return { row: second, field: rest.filter((p) => p !== 'customParameters').join('.') };
  return { field: part === 'columns' ? second : [part, second, ...rest].filter(Boolean).join('.') };
}

/** A CSV file of products (upsert by code): nothing is imported when a row is bad, and every bad row is listed. */
export function ProductImport({ merchantId }: { merchantId: string }) {
  const inputId = useId();
  const { showToast } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Array<{ path: string; message: string }>>([]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setProblems([]);
    try {
      const result = await importProducts(merchantId, await file.text());
      showToast({ kind: 'success', messageId: 'products.import.done', values: result });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setProblems(error.details ?? []);
      showToast({ kind: 'error', messageId: productErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} data-testid="product-import">
      <h2>
        <FormattedMessage id="products.import.title" />
      </h2>
      <p className="form__hint">
        <FormattedMessage id="products.import.hint" values={{ max: MAX_PRODUCT_IMPORT_ROWS }} />
      </p>
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          <FormattedMessage id="products.import.file" />
        </label>
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="product-import-file" />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!file || busy} data-testid="product-import-submit">
          {busy ? <Spinner size="small" /> : <FormattedMessage id="products.import.submit" />}
        </button>
      </div>
      {problems.length > 0 && (
        <div role="alert" className="products__import-errors" data-testid="product-import-errors">
          <p>
            <FormattedMessage id="products.import.refused" values={{ count: problems.length }} />
          </p>
          <ul>
            {problems.map((p) => {
              const where = describe(p.path);
              return (
                <li key={`${p.path} ${p.message}`} data-testid="product-import-error">
                  {where.row ? (
                    <FormattedMessage id="products.import.rowProblem" values={{ row: where.row, field: where.field || '—', message: p.message }} />
                  ) : (
                    <FormattedMessage id="products.import.fileProblem" values={{ field: where.field, message: p.message }} />
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </form>
  );
}
