import { apiRequest, markAnonymous } from '@shoal/core';
import { useNavigate } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { useEffect } from 'react';

export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    apiRequest('users/logout', { method: 'POST' })
      .catch((error: unknown) => {
        // calls.md §8.2: a failed logout is tolerated; the local session ends regardless.
        console.warn('Logout failed on the pod', error);
      })
      .finally(() => {
        if (cancelled) return;
        markAnonymous();
        sessionStorage.clear();
        navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <Loading label="Logging out…" />;
}
