import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { NotFound } from '@shoal/ui';
import { AccountSettingsPage } from './features/account/AccountSettingsPage';

/** The settings app's routes, mounted by the host under `/settings`. */
export default function SettingsApp() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="settings" element={<AccountSettingsPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
