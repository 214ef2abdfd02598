import { useSession } from '@shoal/core';
import { Link } from '@shoal/router';
import { t } from '../../i18n';
import { MyChannels } from '../channels/components/MyChannels';
import { QuotaPanel } from '../quota/QuotaPanel';

/** `/content`: the three ways to bring content in, and the storage panel (product.md §2, Content). */
export function ContentOverviewPage() {
  const username = useSession((state) => state.profile?.username);
  return (
    <section aria-labelledby="content-title" className="content-page">
      <h1 id="content-title">{t('overview.title')}</h1>
      <nav aria-label={t('overview.tabs')} className="content-tabs">
        <ul>
          <li>
            <a href="#publish">{t('overview.channels.title')}</a>
          </li>
          <li>
            <a href="#follow">{t('overview.remote.title')}</a>
          </li>
          <li>
            <a href="#upload">{t('overview.upload.title')}</a>
          </li>
        </ul>
      </nav>
      <div className="content-columns">
        <section id="publish" aria-labelledby="publish-title" className="content-panel">
          <h2 id="publish-title">{t('overview.channels.title')}</h2>
          <p>{t('overview.channels.text')}</p>
          <MyChannels />
          <p className="content-links">
            <Link to="/content/channels/new">{t('overview.channels.create')}</Link>
            {username && <Link to={`/@${username}`}>{t('overview.channels.link')}</Link>}
          </p>
        </section>
        <section id="follow" aria-labelledby="follow-title" className="content-panel">
          <h2 id="follow-title">{t('overview.remote.title')}</h2>
          <p>{t('overview.remote.text')}</p>
          <Link to="/content/remote">{t('overview.remote.link')}</Link>
        </section>
        <section id="upload" aria-labelledby="upload-title" className="content-panel">
          <h2 id="upload-title">{t('overview.upload.title')}</h2>
          <p>{t('overview.upload.text')}</p>
          <p className="content-links">
            <Link to="/upload">{t('overview.upload.link')}</Link>
            <Link to="/content/libraries">{t('overview.libraries.link')}</Link>
          </p>
        </section>
      </div>
      <QuotaPanel />
    </section>
  );
}
