import { NavLink } from '@shoal/router';

export interface Tab {
  to: string;
  label: string;
  /** Only active on the exact path (the first tab of a section). */
  end?: boolean;
}

/** A section's views as links; the current one carries aria-current. */
export function TabNav({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="content-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
