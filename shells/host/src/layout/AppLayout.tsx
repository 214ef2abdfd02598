import { Outlet } from '@shoal/router';
import { InstanceGate } from './InstanceGate';
import { PlayerBar } from './PlayerBar';
import { Sidebar } from './Sidebar';
import './layout.css';

export function AppLayout() {
  return (
    <div className="host-layout">
      <a className="host-skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar />
      <main id="main" className="host-main" tabIndex={-1}>
        <InstanceGate>
          <Outlet />
        </InstanceGate>
      </main>
      <PlayerBar />
    </div>
  );
}
