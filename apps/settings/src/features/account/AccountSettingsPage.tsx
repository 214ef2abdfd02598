import { useSession } from '@shoal/core';
import { Link } from '@shoal/router';

export function AccountSettingsPage() {
  const username = useSession((state) => state.profile?.username ?? null);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Account settings</h1>
      {username ? (
        <p>Signed in as {username}.</p>
      ) : (
        <p>
          <Link to="/login?next=%2Fsettings">Log in</Link> to change your settings.
        </p>
      )}
    </section>
  );
}
