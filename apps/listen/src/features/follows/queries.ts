import { ApiError, apiRequest, useSession } from '@shoal/core';
import { useQuery } from '@shoal/query';
import { t } from '../../i18n/browse';
import { useOptimisticToggle } from '../favorites/optimistic-toggle';

/** The listener's follow of one library or user: its uuid (null while the call is on its way) and state. */
export interface FollowState {
  uuid: string | null;
  /** null: waiting for the owner's answer. */
  approved: boolean | null;
}

export type FollowMap = Record<string, FollowState>;

export const followKeys = {
  all: ['follows'] as const,
  libraries: () => [...followKeys.all, 'library'] as const,
  users: () => [...followKeys.all, 'user'] as const,
};

type Kind = 'library' | 'user';

async function fetchFollows(kind: Kind, signal: AbortSignal): Promise<FollowMap> {
  const answer = await apiRequest<{
    results: {
      uuid: string;
      library?: string;
      target?: string | { full_username?: string };
      approved: boolean | null;
    }[];
  }>(`federation/follows/${kind}/all/`, { signal });
  const map: FollowMap = {};
  for (const follow of answer.results) {
    const target =
      kind === 'library'
        ? follow.library
        : typeof follow.target === 'string'
          ? follow.target
          : follow.target?.full_username;
    if (target) map[target] = { uuid: follow.uuid, approved: follow.approved };
  }
  return map;
}

function useFollows(kind: Kind) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  return useQuery({
    queryKey: kind === 'library' ? followKeys.libraries() : followKeys.users(),
    queryFn: ({ signal }) => fetchFollows(kind, signal),
    enabled: signedIn,
    staleTime: 60_000,
    // A pod without this kind of follow answers 404: asking again changes nothing.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

/** The libraries the listener follows, by library uuid (`federation/follows/library/all/`). */
export const useLibraryFollows = () => useFollows('library');
/** The users the listener follows, by full username (`federation/follows/user/all/`). */
export const useUserFollows = () => useFollows('user');

export interface FollowToggle {
  /** Library uuid, or the user's full username. */
  target: string;
  label: string;
  follow: boolean;
  /** The existing follow, to undo. */
  uuid?: string | null;
  /** Libraries open to the pod accept followers at once; others wait for the owner. */
  approvedAtOnce?: boolean;
}

function useToggleFollow(kind: Kind) {
  return useOptimisticToggle<FollowMap, FollowToggle>({
    queryKey: kind === 'library' ? followKeys.libraries() : followKeys.users(),
    apply: (map = {}, { target, follow, approvedAtOnce }) => {
      const next = { ...map };
      if (follow) next[target] = { uuid: null, approved: approvedAtOnce ? true : null };
      else delete next[target];
      return next;
    },
    call: async ({ target, follow, uuid }) => {
      if (follow) {
        return apiRequest(`federation/follows/${kind}/`, { method: 'POST', json: { target } });
      }
      if (!uuid) throw new Error(t('follows.noFollow'));
      return apiRequest(`federation/follows/${kind}/${encodeURIComponent(uuid)}/`, { method: 'DELETE' });
    },
    failure: ({ label, follow }, error) =>
      kind === 'library'
        ? t(follow ? 'follows.libraryFollowFailed' : 'follows.libraryUnfollowFailed', { name: label, error })
        : t(follow ? 'follows.userFollowFailed' : 'follows.userUnfollowFailed', { name: label, error }),
    alsoInvalidate: [['profiles']],
  });
}

export const useToggleLibraryFollow = () => useToggleFollow('library');
export const useToggleUserFollow = () => useToggleFollow('user');
