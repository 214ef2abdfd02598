import { Link, useSearchParams } from '@shoal/router';
import { useId } from 'react';
import { t } from '../../../i18n';
import { UploadsTable } from '../components/UploadsTable';

const STATUSES = ['draft', 'pending', 'finished', 'errored', 'skipped'] as const;

/** `/upload/all`: every file I uploaded, with import status and retry of failed imports. */
export default function AllUploadsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = params.get('import_status') ?? '';
  // `?import_reference=` (the server-folder import links here) narrows the list to one import.
  const reference = params.get('import_reference') ?? '';
  const keep: Record<string, string> = reference ? { import_reference: reference } : {};
  const page = Number(params.get('page') ?? '1') || 1;
  return (
    <div className="content-stack">
      {reference && (
        <p>
          {t('uploads.byReference', { reference })} <Link to="/upload/all">{t('uploads.byReference.clear')}</Link>
        </p>
      )}
      <div className="ui-field">
        <label htmlFor={`${id}-status`}>{t('uploads.status')}</label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setParams(event.target.value ? { ...keep, import_status: event.target.value } : keep)}
        >
          <option value="">{t('uploads.status.all')}</option>
          {STATUSES.map((item) => (
            <option key={item} value={item}>
              {t(`uploads.status.${item}`)}
            </option>
          ))}
        </select>
      </div>
      <UploadsTable
        caption={t('uploads.title')}
        filters={{ import_status: status || undefined, import_reference: reference || undefined }}
        page={page}
        onPage={(next) => setParams({ ...keep, ...(status ? { import_status: status } : {}), page: String(next) })}
      />
    </div>
  );
}
