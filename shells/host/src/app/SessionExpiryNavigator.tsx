import { setSessionExpiredHandler } from '@shoal/core';
import { useNavigate } from '@shoal/router';
import { useEffect } from 'react';

/** Lets the request layer send an expired session to the login page without reloading the app. */
export function SessionExpiryNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler((currentPath) => navigate(`/login?next=${encodeURIComponent(currentPath)}`));
  }, [navigate]);
  return null;
}
