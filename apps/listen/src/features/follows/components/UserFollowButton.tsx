import { useToggleUserFollow, useUserFollows } from '../queries';
import { FollowButton } from './FollowButton';

/** Follow / unfollow a user by their full username (calls.md §7.5). */
export function UserFollowButton({ fullUsername, name }: { fullUsername: string; name: string }) {
  const follows = useUserFollows();
  const toggle = useToggleUserFollow();
  return (
    <FollowButton
      target={fullUsername}
      label={name}
      state={follows.data?.[fullUsername]}
      ready={follows.isSuccess || follows.isError}
      approvedAtOnce
      onToggle={(change) => toggle.mutate(change)}
    />
  );
}
