import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { Loading, NotFound } from '@shoal/ui';
import { lazy, Suspense } from 'react';
import './content.css';
import { RequireSignIn } from './features/common/RequireSignIn';
import { ContentOverviewPage } from './features/overview/ContentOverviewPage';
import { t } from './i18n';

const LibrariesPage = lazy(() => import('./features/libraries/routes/LibrariesPage'));
const LibraryCreatePage = lazy(() => import('./features/libraries/routes/LibraryCreatePage'));
const LibraryTracksPage = lazy(() => import('./features/libraries/routes/LibraryTracksPage'));
const LibraryPage = lazy(() => import('./features/libraries/routes/LibraryPage'));
const LibraryItemsTab = lazy(() => import('./features/libraries/routes/LibraryItemsTab'));
const LibraryEditPage = lazy(() => import('./features/libraries/routes/LibraryEditPage'));
const CreateChannelPage = lazy(() => import('./features/channels/routes/CreateChannelPage'));
const EditChannelPage = lazy(() => import('./features/channels/routes/EditChannelPage'));
const RemoteLibrariesPage = lazy(() => import('./features/remote/routes/RemoteLibrariesPage'));
const UploadLayout = lazy(() => import('./features/uploads/routes/UploadLayout'));
const NewUploadPage = lazy(() => import('./features/uploads/routes/NewUploadPage'));
const RunningUploadsPage = lazy(() => import('./features/uploads/routes/RunningUploadsPage'));
const UploadHistoryPage = lazy(() => import('./features/uploads/routes/UploadHistoryPage'));
const AllUploadsPage = lazy(() => import('./features/uploads/routes/AllUploadsPage'));

/** The content app's routes, mounted by the host under `/content` and `/upload`. */
export default function ContentApp() {
  return (
    <QueryProvider>
      <RequireSignIn>
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <Routes>
            <Route path="content" element={<ContentOverviewPage />} />
            <Route path="content/libraries" element={<LibrariesPage />} />
            <Route path="content/libraries/new" element={<LibraryCreatePage />} />
            <Route path="content/libraries/tracks" element={<LibraryTracksPage />} />
            <Route path="content/libraries/:id" element={<LibraryPage />}>
              <Route index element={<LibraryItemsTab kind="albums" />} />
              <Route path="artists" element={<LibraryItemsTab kind="artists" />} />
              <Route path="tracks" element={<LibraryItemsTab kind="tracks" />} />
              <Route path="edit" element={<LibraryEditPage />} />
            </Route>
            <Route path="content/channels/new" element={<CreateChannelPage />} />
            <Route path="content/channels/:id/edit" element={<EditChannelPage />} />
            <Route path="content/remote" element={<RemoteLibrariesPage />} />
            <Route path="upload" element={<UploadLayout />}>
              <Route index element={<NewUploadPage />} />
              <Route path="running" element={<RunningUploadsPage />} />
              <Route path="history" element={<UploadHistoryPage />} />
              <Route path="all" element={<AllUploadsPage />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </RequireSignIn>
    </QueryProvider>
  );
}
