import { useSession } from '@shoal/core';
import { t } from '../../../i18n/browse';
import { useSubscribedChannels, useToggleSubscription } from '../queries';

/** Subscribe to a channel, or unsubscribe: a pressed toggle for signed-in listeners. */
export function SubscribeButton({ channel, name }: { channel: string; name: string }) {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const subscribed = useSubscribedChannels();
  const toggle = useToggleSubscription();
  if (!signedIn) return null;
  const on = subscribed.data?.includes(channel) ?? false;
  return (
    <button
      type="button"
      className={on ? 'ui-button ui-button--secondary' : 'ui-button'}
      aria-pressed={on}
      disabled={!subscribed.isSuccess && !subscribed.isError}
      onClick={() => toggle.mutate({ channel, name, subscribe: !on })}
    >
      {on ? t('subscriptions.subscribed') : t('subscriptions.subscribe')}
    </button>
  );
}
