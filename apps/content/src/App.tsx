import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { NotFound } from '@shoal/ui';
import { ContentOverviewPage } from './features/overview/ContentOverviewPage';

/** The content app's routes, mounted by the host under `/content` and `/upload`. */
export default function ContentApp() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="content" element={<ContentOverviewPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
