import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { type BrowseConfig, browseQuery, useBrowseState } from '../../browse/browse-params';
import { BrowseControls } from '../../browse/components/BrowseControls';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { useHiddenArtistIds } from '../../content-filters/queries';
import { ChannelCard } from '../../subscriptions/components/ChannelCard';
import { useChannels } from '../queries';

/** calls.md §9.2: channels are paginated by 30. */
const CHANNELS: BrowseConfig = {
  orderings: ['creation_date', 'modification_date'],
  defaultOrdering: '-creation_date',
  defaultPaginateBy: 30,
  paginateByOptions: [12, 25, 30, 50, 100],
};

/** `/library/channels`: every channel of the pod, searchable and filtered by tag from the URL. */
export default function ChannelsBrowsePage() {
  const [state, update] = useBrowseState(CHANNELS);
  const channels = useChannels(browseQuery(state));
  const hidden = useHiddenArtistIds();
  return (
    <section aria-labelledby="channels-title">
      <h1 id="channels-title">{t('channels.title')}</h1>
      <BrowseControls state={state} config={CHANNELS} onChange={update} searchHint={t('channels.searchHint')} />
      <BrowseResults
        query={channels}
        page={state.page}
        paginateBy={state.paginateBy}
        onPage={(page) => update({ page })}
      >
        {(items) => (
          <ul className="ui-card-grid">
            {items
              .filter((channel) => !hidden.has(channel.artist.id))
              .map((channel) => (
                <ChannelCard key={channel.uuid} channel={channel} />
              ))}
          </ul>
        )}
      </BrowseResults>
    </section>
  );
}
