import * as runtimeCore from '@module-federation/runtime-core';
import * as shoalCore from '@shoal/core';
import * as shoalRouter from '@shoal/router';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as zustand from 'zustand';

type ModuleFederation = InstanceType<typeof runtimeCore.ModuleFederation>;
type ShareArgs = Exclude<NonNullable<runtimeCore.UserOptions['shared']>[string], unknown[]>;
type SharedLib = Extract<ShareArgs, { lib: unknown }>['lib'];

// Remotes are built with the plugin's `externalRuntime`: they read the runtime from this global
// instead of each shipping their own copy.
(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;

function provided(name: string, module: unknown, requiredVersion: string): ShareArgs {
  return {
    version: __SHARED_VERSIONS__[name],
    lib: (() => module) as SharedLib,
    loaded: true,
    shareConfig: { singleton: true, requiredVersion },
    strategy: 'loaded-first',
  };
}

function createFederation(): ModuleFederation {
  const Federation = runtimeCore.getGlobalFederationConstructor() ?? runtimeCore.ModuleFederation;
  const instance = new Federation({
    id: 'host',
    name: 'host',
    remotes: [],
    shareStrategy: 'loaded-first',
    // The host hands over what it already runs, so React, the router and the stores exist once.
    shared: {
      react: provided('react', React, '^19.0.0'),
      'react/jsx-runtime': provided('react', jsxRuntime, '^19.0.0'),
      'react-dom': provided('react-dom', ReactDOM, '^19.0.0'),
      zustand: provided('zustand', zustand, '^5.0.0'),
      '@shoal/router': provided('@shoal/router', shoalRouter, '^0.1.0'),
      '@shoal/core': provided('@shoal/core', shoalCore, '^0.1.0'),
      // The query library is only needed once a remote renders: the host fetches it then.
      '@shoal/query': {
        version: __SHARED_VERSIONS__['@shoal/query'],
        get: () => import('@shoal/query').then((module) => () => module),
        shareConfig: { singleton: true, requiredVersion: '^0.1.0' },
        strategy: 'loaded-first',
      },
    },
  });
  runtimeCore.setGlobalFederationInstance(instance);
  return instance;
}

export const federation = createFederation();
