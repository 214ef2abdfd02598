import { ApiError } from '@shoal/core';
import { useToggleUserFollow, useUserFollows } from '../queries';
import { FollowButton } from './FollowButton';

/**
 * Follow / unfollow a user by their full username (calls.md §7.5). Pods without user follows
 * (Funkwhale 1.4 and the embedded pod answer 404 to `federation/follows/user/all/`) get no button.
 */
export function UserFollowButton({ fullUsername, name }: { fullUsername: string; name: string }) {
  const follows = useUserFollows();
  const toggle = useToggleUserFollow();
  if (follows.error instanceof ApiError && follows.error.status === 404) return null;
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
