import { Navigate } from '@shoal/router';
import { UploadGroupCard } from '../components/UploadGroupCard';
import { useUploadState } from '../use-uploads';

/** `/upload/running`: this session's groups, newest first; with no group, back to `/upload` (product.md §2). */
export default function RunningUploadsPage() {
  const groups = useUploadState((state) => state.groups);
  if (groups.length === 0) return <Navigate to="/upload" replace />;
  return (
    <div className="content-stack">
      {[...groups].reverse().map((group) => (
        <UploadGroupCard key={group.guid} group={group} />
      ))}
    </div>
  );
}
