import { Link } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { t } from '../../i18n';
import { MB, useQuota } from './queries';

/** Current use, maximum, percent, and the files that need attention (product.md §2, §3 Quota). */
export function QuotaPanel() {
  const quota = useQuota();
  if (quota.isPending) return <p>{t('common.loading')}</p>;
  if (quota.isError || !quota.data) {
    return (
      <section aria-labelledby="quota-title" className="content-panel">
        <h2 id="quota-title">{t('quota.title')}</h2>
        <p role="alert">{t('quota.error')}</p>
      </section>
    );
  }
  const status = quota.data;
  const current = formatSize(status.current * MB);
  const limited = typeof status.max === 'number' && status.max > 0;
  const percent = limited ? Math.min(100, Math.round((status.current / (status.max as number)) * 100)) : 0;
  // The real pod reports these as sizes in MB, not file counts.
  const counts = (['errored', 'pending', 'skipped'] as const)
    .map((key) => ({
      key,
      count: status[key] ?? 0,
      label: t(`quota.${key}`, { size: formatSize((status[key] ?? 0) * MB) }),
    }))
    .filter((item) => item.count > 0);
  return (
    <section aria-labelledby="quota-title" className="content-panel">
      <h2 id="quota-title">{t('quota.title')}</h2>
      {limited ? (
        <>
          <p>{t('quota.usage', { current, max: formatSize((status.max as number) * MB) })}</p>
          <progress className="content-progress" max={100} value={percent} aria-labelledby="quota-title" />
          <p>
            {t('quota.percent', { percent })} ·{' '}
            {t('quota.remaining', { remaining: formatSize((status.remaining ?? 0) * MB) })}
          </p>
        </>
      ) : (
        <p>{t('quota.unlimited', { current })}</p>
      )}
      {counts.length > 0 && (
        <ul>
          {counts.map((item) => (
            <li key={item.key}>
              {item.label} — <Link to={`/upload/all?import_status=${item.key}`}>{t('quota.viewFiles')}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
