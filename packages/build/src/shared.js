// @ts-check
/**
 * Libraries every micro-frontend must run as one instance: React's hooks and contexts, the router's
 * location, the query cache and the stores only work when host and remotes hold the same copy.
 * Keep this list short: a shared library cannot be tree-shaken, so each entry is paid in full.
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  '@shoal/router': { singleton: true, requiredVersion: '^0.1.0' },
  '@shoal/query': { singleton: true, requiredVersion: '^0.1.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  '@shoal/core': { singleton: true, requiredVersion: '^0.1.0' },
};
