import { QueryProvider } from '@shoal/query';
import { Route, Routes } from '@shoal/router';
import { NotFound } from '@shoal/ui';
import { InstanceSettingsPage } from './features/instance/InstanceSettingsPage';
import { LibraryManagementPage } from './features/library/LibraryManagementPage';
import { ModerationPage } from './features/moderation/ModerationPage';
import { UsersPage } from './features/users/UsersPage';

/**
 * The administration app, mounted by the host under `/manage`. The host's guards have already
 * checked the permission each section needs before this code was even downloaded.
 */
export default function ManageApp() {
  return (
    <QueryProvider>
      <Routes>
        <Route path="manage/settings/*" element={<InstanceSettingsPage />} />
        <Route path="manage/users/*" element={<UsersPage />} />
        <Route path="manage/library/*" element={<LibraryManagementPage />} />
        <Route path="manage/moderation/*" element={<ModerationPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
