import { ErrorPanel } from '@shoal/ui';
import { t } from '../i18n';

export function ManifestErrorPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorPanel title={t('manifest.failedTitle')} onRetry={onRetry} retryLabel={t('manifest.retry')}>
      <p>{t('manifest.failedBody')}</p>
    </ErrorPanel>
  );
}
