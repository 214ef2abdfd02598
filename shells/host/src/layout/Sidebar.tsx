import { useSession } from '@shoal/core';
import { Link, NavLink } from '@shoal/router';
import { isNavItemVisible, NAV_SECTIONS } from './navigation';

export function Sidebar() {
  const authenticated = useSession((state) => state.status === 'authenticated');
  const permissions = useSession((state) => state.permissions);
  const username = useSession((state) => state.profile?.username);
  return (
    <aside className="host-sidebar">
      <Link to="/" className="host-brand">
        Shoal
      </Link>
      <nav aria-label="Main">
        {NAV_SECTIONS.map((section) => {
          const items = section.items.filter((item) => isNavItemVisible(item, authenticated, permissions));
          if (items.length === 0) return null;
          return (
            <div key={section.label} className="host-nav-section">
              <h2 className="host-nav-section__title">{section.label}</h2>
              <ul>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === '/'}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="host-account">
        {authenticated ? (
          <>
            <span title={username}>{username}</span> <Link to="/logout">Log out</Link>
          </>
        ) : (
          <Link to="/login">Log in</Link>
        )}
      </div>
    </aside>
  );
}
