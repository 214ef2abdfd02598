import { ApiError, subscribeLiveEvent, UNKNOWN_ERROR_MESSAGE } from '@shoal/core';
import { createTranslator } from '@shoal/i18n';
import { ActorLink, ConfirmButton, ErrorAlert, ErrorPanel, Loading, NoResults } from '@shoal/ui';
import { useCallback, useEffect, useState } from 'react';
import { refreshCounts } from './counts';
import { notificationsEnUS } from './en-US.notifications';
import { actorName, answerFollow, type InboxItem, libraryFollow, listInbox, markAllRead, setRead } from './inbox';
import './notifications.css';

const { t } = createTranslator(notificationsEnUS);

const messagesOf = (error: unknown) => (error instanceof ApiError ? error.messages : [UNKNOWN_ERROR_MESSAGE]);

type Load = { state: 'loading' } | { state: 'failed'; messages: string[] } | { state: 'ready'; items: InboxItem[] };

function describe(item: InboxItem, actor = actorName(item)): string {
  const library = item.activity.object?.name ?? '';
  const follow = libraryFollow(item);
  if (follow)
    return t(follow.approved === null ? 'notifications.followRequest' : 'notifications.followed', { actor, library });
  return t('notifications.other', { actor, activity: item.activity.type ?? '' });
}

// Stands for the actor in the sentence, so the actor can be rendered as a link inside it.
const ACTOR_MARK = '\u0001';

/** The item's sentence, its actor shown as a user link (avatar or initial, name, full username as title). */
function Description({ item }: { item: InboxItem }) {
  const actor = item.activity.actor;
  const parts = describe(item, ACTOR_MARK).split(ACTOR_MARK);
  const fullUsername = actor?.full_username;
  if (!actor || !fullUsername || parts.length !== 2) return <>{describe(item)}</>;
  return (
    <>
      {parts[0]}
      <ActorLink
        name={actor.preferred_username || fullUsername.split('@')[0] || fullUsername}
        fullUsername={fullUsername}
        isLocal={actor.is_local ?? false}
      />
      {parts[1]}
    </>
  );
}

/** `/notifications`: the inbox, read and unread, with the answers to pending library follows. */
export default function NotificationsPage() {
  const [showRead, setShowRead] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [actionError, setActionError] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      const page = await listInbox(showRead);
      setLoad({ state: 'ready', items: page.results });
    } catch (error) {
      setLoad({ state: 'failed', messages: messagesOf(error) });
    }
  }, [showRead]);

  useEffect(() => {
    setLoad({ state: 'loading' });
    void reload();
  }, [reload]);

  // A notification that arrives while the page is open joins the list.
  useEffect(() => subscribeLiveEvent('inbox.item_added', () => void reload()), [reload]);

  /** Runs one action, then re-reads the list and the sidebar's counts; a failure is shown, nothing is lost. */
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(messagesOf(error));
    }
    await Promise.all([reload(), refreshCounts()]);
    setBusy(false);
  };

  return (
    <section aria-labelledby="notifications-title" className="host-notifications">
      <h1 id="notifications-title">{t('notifications.title')}</h1>
      <div className="host-notifications__tools">
        <label>
          <input type="checkbox" checked={showRead} onChange={(event) => setShowRead(event.target.checked)} />{' '}
          {t('notifications.showRead')}
        </label>
        <button
          type="button"
          className="ui-button ui-button--secondary"
          disabled={busy || load.state !== 'ready' || !load.items.some((item) => !item.is_read)}
          onClick={() => void act(markAllRead)}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      {actionError && <ErrorAlert title={t('notifications.actionFailed')} messages={actionError} />}
      {load.state === 'loading' && <Loading label={t('notifications.loading')} />}
      {load.state === 'failed' && (
        <ErrorPanel title={t('notifications.loadFailed')} onRetry={() => void reload()}>
          <ul>
            {load.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </ErrorPanel>
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <NoResults title={t(showRead ? 'notifications.empty' : 'notifications.emptyUnread')} />
      )}
      {load.state === 'ready' && load.items.length > 0 && (
        <ul className="host-notifications__list" aria-label={t('notifications.list')}>
          {load.items.map((item) => {
            const follow = libraryFollow(item);
            const text = describe(item);
            return (
              <li key={item.id} className={item.is_read ? 'is-read' : 'is-unread'}>
                <p>
                  {!item.is_read && (
                    <strong className="host-notifications__unread">{t('notifications.unread')}: </strong>
                  )}
                  <Description item={item} />
                  {item.activity.creation_date && (
                    <>
                      {' '}
                      <time dateTime={item.activity.creation_date}>
                        {new Date(item.activity.creation_date).toLocaleString()}
                      </time>
                    </>
                  )}
                </p>
                <div className="host-notifications__actions">
                  {follow?.approved === null && (
                    <>
                      <button
                        type="button"
                        className="ui-button"
                        disabled={busy}
                        onClick={() => void act(() => answerFollow(follow.uuid, true))}
                      >
                        {t('notifications.approve')}
                      </button>
                      <ConfirmButton
                        title={t('notifications.rejectTitle')}
                        message={t('notifications.rejectMessage', {
                          actor: actorName(item),
                          library: item.activity.object?.name ?? '',
                        })}
                        confirmLabel={t('notifications.reject')}
                        cancelLabel={t('notifications.cancel')}
                        closeLabel={t('notifications.close')}
                        disabled={busy}
                        onConfirm={() => void act(() => answerFollow(follow.uuid, false))}
                      >
                        {t('notifications.reject')}
                      </ConfirmButton>
                    </>
                  )}
                  {follow?.approved === true && <span>{t('notifications.approved')}</span>}
                  {follow?.approved === false && <span>{t('notifications.rejected')}</span>}
                  <button
                    type="button"
                    className="ui-button ui-button--secondary"
                    disabled={busy}
                    aria-label={`${t(item.is_read ? 'notifications.markUnread' : 'notifications.markRead')}: ${text}`}
                    onClick={() => void act(() => setRead(item.id, !item.is_read))}
                  >
                    {t(item.is_read ? 'notifications.markUnread' : 'notifications.markRead')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
