import { ApiError } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { ConfirmButton } from '@shoal/ui';
import { useState } from 'react';
import { t } from '../../../i18n';
import type { RemoteLibrary } from '../../common/types';
import { useFollowLibrary, useScanLibrary, useUnfollowLibrary } from '../queries';
import { type ScanState, scanState } from '../scan-state';

function describeScan(state: ScanState): string {
  switch (state.kind) {
    case 'never':
      return t('remote.scan.never');
    case 'pending':
      return t('remote.scan.pending');
    case 'scanning':
      return t('remote.scan.scanning', { processed: state.processed, total: state.total });
    case 'scanned':
      return t('remote.scan.scanned');
    case 'errored':
      return t('remote.scan.errored', { count: state.count });
    case 'problem':
      return t('remote.scan.problem');
  }
}

function reason(error: unknown): string {
  return error instanceof ApiError ? error.messages.join(' ') : String(error);
}

export interface RemoteLibraryCardProps {
  library: RemoteLibrary;
  /** The follow as the follower sees it; absent when not following. */
  follow: { uuid: string; approved: boolean | null } | null;
}

/** A library seen from the follower's side: follow state and scan state (product.md §4). */
export function RemoteLibraryCard({ library, follow }: RemoteLibraryCardProps) {
  const [current, setCurrent] = useState(follow);
  const [skipped, setSkipped] = useState(false);
  const followMutation = useFollowLibrary();
  const unfollow = useUnfollowLibrary();
  const scan = useScanLibrary();
  const state = scanState(library.latest_scan);
  const owner = library.actor?.full_username ?? library.actor?.preferred_username ?? '';
  const titleId = `remote-${library.uuid}`;

  // Follow toggles apply at once and revert on failure (product.md §4).
  const doFollow = () => {
    setCurrent({ uuid: '', approved: null });
    followMutation.mutate(library.uuid, {
      onSuccess: (created) => setCurrent({ uuid: created.uuid, approved: created.approved ?? null }),
      onError: (error) => {
        setCurrent(null);
        showMessage({ content: t('remote.follow.error', { error: reason(error) }), error: true });
      },
    });
  };
  const doUnfollow = () => {
    if (!current?.uuid) return;
    const previous = current;
    setCurrent(null);
    unfollow.mutate(previous.uuid, {
      onError: (error) => {
        setCurrent(previous);
        showMessage({ content: t('remote.unfollow.error', { error: reason(error) }), error: true });
      },
    });
  };

  return (
    <article aria-labelledby={titleId} className="content-card">
      <h3 id={titleId}>{library.name}</h3>
      <p className="content-muted">
        {owner && t('remote.owner', { owner })} · {t('remote.tracks', { count: library.uploads_count ?? 0 })}
      </p>
      <p>{t('remote.lastScan', { state: describeScan(state) })}</p>
      {state.kind === 'scanning' && state.total > 0 && (
        <progress max={state.total} value={state.processed} aria-labelledby={titleId} />
      )}
      {skipped && <p role="status">{t('remote.scan.skipped')}</p>}
      <div className="content-actions">
        {current === null || current.approved === false ? (
          <button type="button" className="ui-button" disabled={followMutation.isPending} onClick={doFollow}>
            {t('remote.follow')}
          </button>
        ) : current.approved === null ? (
          <>
            <span>{t('remote.follow.pending')}</span>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={!current.uuid || unfollow.isPending}
              onClick={doUnfollow}
            >
              {t('remote.follow.cancel')}
            </button>
          </>
        ) : (
          <>
            <span>{t('remote.follow.following')}</span>
            <ConfirmButton
              title={t('remote.unfollow.title')}
              message={t('remote.unfollow.text')}
              confirmLabel={t('remote.unfollow')}
              cancelLabel={t('common.cancel')}
              closeLabel={t('common.close')}
              onConfirm={doUnfollow}
            >
              {t('remote.unfollow')}
            </ConfirmButton>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={scan.isPending}
              onClick={() =>
                scan.mutate(library.uuid, {
                  onSuccess: (outcome) => setSkipped(outcome === 'skipped'),
                  onError: () => showMessage({ content: t('remote.scan.error'), error: true }),
                })
              }
            >
              {t('remote.scan.launch')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
