import { t } from '../../../i18n';
import { UploadGroupCard } from '../components/UploadGroupCard';
import { isInProgress } from '../upload-store';
import { useUploadState } from '../use-uploads';

/** `/upload/history`: this session's groups that have nothing left to do. */
export default function UploadHistoryPage() {
  const groups = useUploadState((state) => state.groups);
  const done = groups.filter((group) => !group.queue.some(isInProgress));
  return (
    <div className="content-stack">
      {done.length === 0 ? (
        <p>{t('upload.group.noneHistory')}</p>
      ) : (
        [...done].reverse().map((group) => <UploadGroupCard key={group.guid} group={group} />)
      )}
    </div>
  );
}
