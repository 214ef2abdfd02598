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
  const counts = [
    { key: 'errored', count: status.errored ?? 0, label: t('quota.errored', { count: status.errored ?? 0 }) },
    { key: 'pending', count: status.pending ?? 0, label: t('quota.pending', { count: status.pending ?? 0 }) },
    { key: 'skipped', count: status.skipped ?? 0, label: t('quota.skipped', { count: status.skipped ?? 0 }) },
  ].filter((item) => item.count > 0);
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
