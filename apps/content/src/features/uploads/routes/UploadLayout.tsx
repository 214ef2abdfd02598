import { Outlet } from '@shoal/router';
import { t } from '../../../i18n';
import { TabNav } from '../../common/TabNav';
import { useLeavePrompt } from '../leave-prompt';

/** `/upload` and its views (product.md §2, Upload). */
export default function UploadLayout() {
  useLeavePrompt();
  return (
    <section aria-labelledby="upload-title" className="content-page">
      <h1 id="upload-title">{t('upload.title')}</h1>
      <TabNav
        label={t('upload.tabs')}
        tabs={[
          { to: '/upload', label: t('upload.tab.new'), end: true },
          { to: '/upload/running', label: t('upload.tab.running') },
          { to: '/upload/history', label: t('upload.tab.history') },
          { to: '/upload/all', label: t('upload.tab.all') },
        ]}
      />
      <Outlet />
    </section>
  );
}
