import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { NotFound } from '@shoal/ui';
import { LibraryHomePage } from './features/library/routes/LibraryHomePage';

/** The listen app's routes, mounted by the host under `/library`, `/search`, `/favorites`, `/channels`, `/@…`. */
export default function ListenApp() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="library" element={<LibraryHomePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
