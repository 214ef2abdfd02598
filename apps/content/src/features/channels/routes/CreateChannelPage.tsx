import { useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { useNavigate } from '@shoal/router';
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { commonFields, emptyValues, metadataOf } from '../channel-form';
import { ChannelForm } from '../components/ChannelForm';
import { type ChannelCategory, useCreateChannel } from '../queries';

/** The create-channel wizard: artist or podcast first, then the channel's details (product.md §2, §5). */
export default function CreateChannelPage() {
  const id = useId();
  const navigate = useNavigate();
  const ownerName = useSession((state) => state.profile?.username ?? '');
  const [category, setCategory] = useState<ChannelCategory | null>(null);
  const create = useCreateChannel();

  if (!category) {
    return (
      <section aria-labelledby={`${id}-title`} className="content-page">
        <h1 id={`${id}-title`}>{t('channel.create.title')}</h1>
        <p>{t('channel.create.choose')}</p>
        <div className="content-columns">
          <button type="button" className="content-card content-choice" onClick={() => setCategory('music')}>
            <strong>{t('channel.kind.music')}</strong>
            <span>{t('channel.kind.music.text')}</span>
          </button>
          <button type="button" className="content-card content-choice" onClick={() => setCategory('podcast')}>
            <strong>{t('channel.kind.podcast')}</strong>
            <span>{t('channel.kind.podcast.text')}</span>
          </button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="content-page">
      <h1 id={`${id}-title`}>{t(category === 'podcast' ? 'channel.create.podcast' : 'channel.create.music')}</h1>
      <ChannelForm
        mode="create"
        category={category}
        initial={emptyValues()}
        submitLabel={t('channel.submit')}
        secondary={
          <button type="button" className="ui-button ui-button--secondary" onClick={() => setCategory(null)}>
            {t('channel.back')}
          </button>
        }
        onSave={async (values, cover) => {
          await create.mutateAsync({
            ...commonFields(values),
            username: values.username,
            content_category: category,
            cover: cover ?? null,
            metadata: metadataOf(values, category, ownerName),
          });
          showMessage({ content: t('channel.created'), color: 'green' });
          navigate(`/channels/${values.username}`);
        }}
      />
    </section>
  );
}
