/**
 * Shoal's shared router. Module Federation shares a library whole, and React Router's full build
 * (data routers, server rendering, framework mode) weighs about 65 KB gzip; re-exporting only the
 * declarative API the apps use lets the bundler drop the rest, and sharing this package as a
 * singleton still gives every micro-frontend the same router context. Apps import from here, never
 * from `react-router` directly (the linter enforces it).
 */

export type { LinkProps, Location, NavigateFunction, NavLinkProps } from 'react-router';
export {
  BrowserRouter,
  createSearchParams,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
} from 'react-router';
