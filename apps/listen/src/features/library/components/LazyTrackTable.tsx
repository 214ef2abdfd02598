import { Loading } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import { t } from '../../../i18n';

// The track table (play, favorite and add-to-playlist controls) shows only once its tracks have
// arrived, so it downloads alongside them rather than before the library home's first paint (the
// first visit to /library has a tight weight budget).
const LazyTrackTable = lazy(() =>
  import('../../catalogue/components/TrackTable').then((module) => ({ default: module.TrackTable })),
);

/** The catalogue's track table, loaded on first use. */
export function TrackTable(props: Parameters<typeof LazyTrackTable>[0]) {
  return (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <LazyTrackTable {...props} />
    </Suspense>
  );
}
