import { useLibraryFollows, useToggleLibraryFollow } from '../queries';
import { FollowButton } from './FollowButton';

/** Follow / cancel / unfollow one library (calls.md §7.5). */
export function LibraryFollowButton({ library }: { library: { uuid: string; name: string; privacy_level?: string } }) {
  const follows = useLibraryFollows();
  const toggle = useToggleLibraryFollow();
  return (
    <FollowButton
      target={library.uuid}
      label={library.name}
      state={follows.data?.[library.uuid]}
      ready={follows.isSuccess}
      approvedAtOnce={library.privacy_level === 'everyone' || library.privacy_level === 'instance'}
      onToggle={(change) => toggle.mutate(change)}
    />
  );
}
