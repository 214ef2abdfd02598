import { useNavigate } from '@shoal/router';
import { useEffect, useRef } from 'react';

/** Applies `_url` once, after the router exists (product.md §2). */
export function StartPathNavigator({ path }: { path: string | null }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !path) return;
    done.current = true;
    navigate(path, { replace: true });
  }, [navigate, path]);
  return null;
}
