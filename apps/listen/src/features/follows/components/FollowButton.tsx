import { useSession } from '@shoal/core';
import { ConfirmButton } from '@shoal/ui';
import { t } from '../../../i18n/browse';
import type { FollowState, FollowToggle } from '../queries';

interface FollowButtonProps {
  target: string;
  label: string;
  state: FollowState | undefined;
  ready: boolean;
  approvedAtOnce?: boolean;
  onToggle: (toggle: FollowToggle) => void;
}

/**
 * Not following → Follow; request pending → Cancel request; following → Unfollow, which asks
 * first because the listener loses access (product.md §4, §5).
 */
export function FollowButton({ target, label, state, ready, approvedAtOnce, onToggle }: FollowButtonProps) {
  const signedIn = useSession((status) => status.status === 'authenticated');
  if (!signedIn) return null;
  if (!state) {
    return (
      <button
        type="button"
        className="ui-button"
        disabled={!ready}
        aria-label={t('follows.followLabel', { name: label })}
        onClick={() => onToggle({ target, label, follow: true, approvedAtOnce })}
      >
        {t('follows.follow')}
      </button>
    );
  }
  if (state.approved === null) {
    return (
      <button
        type="button"
        className="ui-button ui-button--secondary"
        disabled={state.uuid === null}
        aria-label={t('follows.cancelLabel', { name: label })}
        onClick={() => onToggle({ target, label, follow: false, uuid: state.uuid })}
      >
        {t('follows.cancel')}
      </button>
    );
  }
  return (
    <ConfirmButton
      title={t('follows.unfollowTitle', { name: label })}
      message={t('follows.unfollowBody')}
      confirmLabel={t('follows.unfollow')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      disabled={state.uuid === null}
      onConfirm={() => onToggle({ target, label, follow: false, uuid: state.uuid })}
    >
      {t('follows.unfollow')}
    </ConfirmButton>
  );
}
