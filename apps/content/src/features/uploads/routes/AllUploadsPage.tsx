import { useSearchParams } from '@shoal/router';
import { useId } from 'react';
import { t } from '../../../i18n';
import { UploadsTable } from '../components/UploadsTable';

const STATUSES = ['draft', 'pending', 'finished', 'errored', 'skipped'] as const;

/** `/upload/all`: every file I uploaded, with import status and retry of failed imports. */
export default function AllUploadsPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = params.get('import_status') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  return (
    <div className="content-stack">
      <div className="ui-field">
        <label htmlFor={`${id}-status`}>{t('uploads.status')}</label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setParams(event.target.value ? { import_status: event.target.value } : {})}
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
        filters={{ import_status: status || undefined }}
        page={page}
        onPage={(next) => setParams({ ...(status ? { import_status: status } : {}), page: String(next) })}
      />
    </div>
  );
}
