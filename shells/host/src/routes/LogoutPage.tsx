import { logout } from '@shoal/core';
import { useNavigate } from '@shoal/router';
import { Loading } from '@shoal/ui';
import { useEffect } from 'react';
import { t } from '../i18n';

export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      if (!cancelled) navigate('/', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <Loading label={t('auth.logout.pending')} />;
}
