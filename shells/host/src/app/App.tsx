import { BrowserRouter, Route, Routes } from '@shoal/router';
import { lazy, Suspense, useState } from 'react';
import { startLocale } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { AuthCallbackPage } from '../routes/auth/AuthCallbackPage';
import { AuthorizePage } from '../routes/auth/AuthorizePage';
import { EmailConfirmPage } from '../routes/auth/EmailConfirmPage';
import { PasswordResetConfirmPage } from '../routes/auth/PasswordResetConfirmPage';
import { PasswordResetPage } from '../routes/auth/PasswordResetPage';
import { RequireLogin } from '../routes/auth/RequireLogin';
import { SignupPage } from '../routes/auth/SignupPage';
import { HomePage } from '../routes/HomePage';
import { InstanceChooserPage } from '../routes/InstanceChooserPage';
import { LoginPage } from '../routes/LoginPage';
import { LogoutPage } from '../routes/LogoutPage';
import { fetchRemoteManifest, type ManifestResult } from '../start-up/remote-manifest';
import { ManifestErrorPanel } from './ManifestErrorPanel';
import { SessionExpiryNavigator } from './SessionExpiryNavigator';
import { StartPathNavigator } from './StartPathNavigator';

// calls.md §9.4: the interface language is chosen once, before the first paint.
startLocale();

// Host pages off the first-visit path load on demand (the about pages carry the Markdown renderer).
const AboutPage = lazy(() => import('../routes/about/AboutPage'));
const AboutPodPage = lazy(() => import('../routes/about/AboutPodPage'));
const NotificationsPage = lazy(() => import('../routes/about/NotificationsPage'));

export function App({ initialManifest, startPath }: { initialManifest: ManifestResult; startPath: string | null }) {
  const [manifest, setManifest] = useState(initialManifest);
  const retryManifest = () => void fetchRemoteManifest().then(setManifest);
  return (
    <BrowserRouter>
      <StartPathNavigator path={startPath} />
      <SessionExpiryNavigator />
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="logout" element={<LogoutPage />} />
          <Route path="instance-chooser" element={<InstanceChooserPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="auth/password/reset" element={<PasswordResetPage />} />
          <Route path="auth/password/reset/confirm" element={<PasswordResetConfirmPage />} />
          <Route path="auth/email/confirm" element={<EmailConfirmPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route
            path="about"
            element={
              <Suspense>
                <AboutPage />
              </Suspense>
            }
          />
          <Route
            path="about/pod"
            element={
              <Suspense>
                <AboutPodPage />
              </Suspense>
            }
          />
          <Route
            path="notifications"
            element={
              <RequireLogin>
                <Suspense>
                  <NotificationsPage />
                </Suspense>
              </RequireLogin>
            }
          />
          <Route
            path="authorize"
            element={
              <RequireLogin>
                <AuthorizePage />
              </RequireLogin>
            }
          />
          <Route
            path="*"
            element={
              manifest.ok ? (
                <RemoteRoute manifest={manifest.manifest} />
              ) : (
                <ManifestErrorPanel onRetry={retryManifest} />
              )
            }
          />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
