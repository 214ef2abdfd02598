import { instanceStore } from '@shoal/core';
import { MemoryRouter, Route, Routes, useLocation } from '@shoal/router';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { InstanceGate } from './InstanceGate';

function ShowLocation() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <InstanceGate>
              <ShowLocation />
            </InstanceGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('InstanceGate', () => {
  beforeEach(() => instanceStore.setState({ url: null, known: [] }));

  it('sends every navigation to the instance chooser while the pod is the placeholder', () => {
    renderAt('/library/albums?page=2');
    expect(screen.getByText('at /instance-chooser?next=%2Flibrary%2Falbums%3Fpage%3D2')).toBeInTheDocument();
  });

  it('lets the instance chooser itself through', () => {
    renderAt('/instance-chooser?next=%2Flibrary');
    expect(screen.getByText('at /instance-chooser?next=%2Flibrary')).toBeInTheDocument();
  });

  it('stays out of the way once a pod is chosen', () => {
    instanceStore.setState({ url: 'https://pod.example/', known: [] });
    renderAt('/library');
    expect(screen.getByText('at /library')).toBeInTheDocument();
  });
});
