import { useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { Link, useNavigate, useParams } from '@shoal/router';
import { ErrorPanel, Loading } from '@shoal/ui';
import { useId } from 'react';
import { t } from '../../../i18n';
import { commonFields, type EditableChannel, metadataOf, valuesOf } from '../channel-form';
import { ChannelForm } from '../components/ChannelForm';
import { useChannel, useUpdateChannel } from '../queries';

/** The address of a channel's page in the listen app. */
function channelPage(channel: EditableChannel): string {
  return `/channels/${encodeURIComponent(channel.actor?.preferred_username ?? channel.uuid)}`;
}

/** `/content/channels/:id/edit`: the owner edits a channel with the create form's fields, the username fixed. */
export default function EditChannelPage() {
  const { id = '' } = useParams();
  const channel = useChannel(id);
  const me = useSession((state) => state.profile?.full_username);
  if (channel.isPending) return <Loading label={t('common.loading')} />;
  if (channel.isError) {
    return (
      <ErrorPanel
        title={t('channel.edit.loadFailed')}
        onRetry={() => void channel.refetch()}
        retryLabel={t('common.retry')}
      >
        <p>{channel.error.message}</p>
      </ErrorPanel>
    );
  }
  return <EditChannel channel={channel.data} owner={Boolean(me && channel.data.attributed_to?.full_username === me)} />;
}

function EditChannel({ channel, owner }: { channel: EditableChannel; owner: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const ownerName = useSession((state) => state.profile?.username ?? '');
  const update = useUpdateChannel(channel.uuid);
  const category = channel.artist.content_category ?? 'music';
  const back = channelPage(channel);
  return (
    <section aria-labelledby={`${id}-title`} className="content-page">
      <h1 id={`${id}-title`}>{t('channel.edit.title', { name: channel.artist.name })}</h1>
      {owner ? (
        <ChannelForm
          mode="edit"
          category={category}
          initial={valuesOf(channel)}
          currentCover={channel.artist.cover?.urls?.medium_square_crop ?? channel.artist.cover?.urls?.original ?? null}
          submitLabel={t('channel.edit.submit')}
          secondary={
            <Link to={back} className="ui-button ui-button--secondary">
              {t('channel.edit.cancel')}
            </Link>
          }
          onSave={async (values, cover) => {
            await update.mutateAsync({
              ...commonFields(values),
              content_category: category,
              metadata: metadataOf(values, category, ownerName, channel.metadata ?? {}),
              ...(cover !== undefined ? { cover } : {}),
            });
            showMessage({ content: t('channel.edit.saved'), color: 'green' });
            navigate(back);
          }}
        />
      ) : (
        <>
          <p role="alert">{t('channel.edit.notOwner')}</p>
          <Link to={back}>{t('channel.edit.cancel')}</Link>
        </>
      )}
    </section>
  );
}
