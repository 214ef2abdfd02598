import { BrowserRouter, Route, Routes } from '@shoal/router';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { startLocale } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { RequireLogin } from '../routes/auth/RequireLogin';
import { fetchRemoteManifest, type ManifestResult } from '../start-up/remote-manifest';
import { ManifestErrorPanel } from './ManifestErrorPanel';
import { SessionExpiryNavigator } from './SessionExpiryNavigator';
import { StartPathNavigator } from './StartPathNavigator';

// calls.md §9.4: the interface language is chosen once, before the first paint.
startLocale();

// Host pages off the first-visit path load on demand (the about pages carry the Markdown renderer).
const AboutPage = lazy(() => import('../routes/about/AboutPage'));
const AboutPodPage = lazy(() => import('../routes/about/AboutPodPage'));
const NotificationsPage = lazy(() => import('../notifications/NotificationsPage'));
// Account pages a first visit to the library or the login page does not show.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const SignupPage = named(() => import('../routes/auth/SignupPage'), 'SignupPage');
const PasswordResetPage = named(() => import('../routes/auth/PasswordResetPage'), 'PasswordResetPage');
const PasswordResetConfirmPage = named(
  () => import('../routes/auth/PasswordResetConfirmPage'),
  'PasswordResetConfirmPage',
);
const EmailConfirmPage = named(() => import('../routes/auth/EmailConfirmPage'), 'EmailConfirmPage');
const AuthCallbackPage = named(() => import('../routes/auth/AuthCallbackPage'), 'AuthCallbackPage');
const AuthorizePage = named(() => import('../routes/auth/AuthorizePage'), 'AuthorizePage');
const LoginPage = named(() => import('../routes/LoginPage'), 'LoginPage');
const InstanceChooserPage = named(() => import('../routes/InstanceChooserPage'), 'InstanceChooserPage');
// The welcome page and the logout step are not on the way to /library either.
const HomePage = named(() => import('../routes/HomePage'), 'HomePage');
const LogoutPage = named(() => import('../routes/LogoutPage'), 'LogoutPage');

function Lazy({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense>
      <Page />
    </Suspense>
  );
}

export function App({ initialManifest, startPath }: { initialManifest: ManifestResult; startPath: string | null }) {
  const [manifest, setManifest] = useState(initialManifest);
  const retryManifest = () => void fetchRemoteManifest().then(setManifest);
  return (
    <BrowserRouter>
      <StartPathNavigator path={startPath} />
      <SessionExpiryNavigator />
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Lazy page={HomePage} />} />
          <Route path="login" element={<Lazy page={LoginPage} />} />
          <Route path="logout" element={<Lazy page={LogoutPage} />} />
          <Route path="instance-chooser" element={<Lazy page={InstanceChooserPage} />} />
          <Route path="signup" element={<Lazy page={SignupPage} />} />
          <Route path="auth/password/reset" element={<Lazy page={PasswordResetPage} />} />
          <Route path="auth/password/reset/confirm" element={<Lazy page={PasswordResetConfirmPage} />} />
          <Route path="auth/email/confirm" element={<Lazy page={EmailConfirmPage} />} />
          <Route path="auth/callback" element={<Lazy page={AuthCallbackPage} />} />
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
                <Lazy page={AuthorizePage} />
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
