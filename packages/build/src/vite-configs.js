// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from './shared.js';

/**
 * Every build writes into one folder the gateway serves: `dist/web/host` and `dist/web/apps/<name>`.
 * SHOAL_WEB_OUT moves that folder (to build a second copy while another is being served).
 */
const webDist = (/** @type {string} */ root, /** @type {string[]} */ ...parts) =>
  resolve(process.env.SHOAL_WEB_OUT ?? resolve(root, '../../dist/web'), ...parts);

/**
 * React Router publishes a development build (warnings, invariant messages) under its default export
 * conditions; production builds resolve its `dist/production` files instead, which drop that code.
 * @param {string} root
 * @param {string} mode
 */
function routerAlias(root, mode) {
  if (mode !== 'production') return [];
  const require = createRequire(resolve(root, 'package.json'));
  const packageDir = dirname(require.resolve('react-router/package.json'));
  return [{ find: /^react-router$/, replacement: resolve(packageDir, 'dist/production/index.mjs') }];
}

/** The @module-federation/runtime-core version the SnapshotHandler replacement below was checked against. */
const REPLACED_RUNTIME_CORE = '2.9.1';

/**
 * The federation runtime's SnapshotHandler loads `mf-manifest.json` files and plans preloads. Shoal
 * registers every remote by its remoteEntry.js and never preloads (the snapshot plugin is already
 * switched off by FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN), yet the class is always constructed, which
 * keeps the manifest code in the bundle. This replaces the module with the parts the runtime still
 * calls (its hooks, manifest cache and `getGlobalRemoteInfo`, used when a remote is re-registered);
 * asking it for a manifest fails with a clear error. Checked against the pinned runtime-core version.
 * @param {string} root
 * @returns {import('vite').Plugin}
 */
function federationWithoutManifests(root) {
  const target = /@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/;
  let replaced = false;
  return {
    name: 'shoal:federation-without-manifests',
    apply: 'build',
    buildStart() {
      // The replacement mirrors that version's internals: any other version must be checked by hand
      // (and this pin moved), never built silently with a stale copy.
      const entry = createRequire(resolve(root, 'package.json')).resolve('@module-federation/runtime-core');
      let dir = dirname(entry);
      while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
      const { name, version } = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
      if (name !== '@module-federation/runtime-core')
        this.error(`Could not find the federation runtime's version (found ${name}).`);
      if (version !== REPLACED_RUNTIME_CORE) {
        this.error(
          `@module-federation/runtime-core is ${version}, but the SnapshotHandler replacement in packages/build was written for ${REPLACED_RUNTIME_CORE}: check it against the new runtime and update REPLACED_RUNTIME_CORE.`,
        );
      }
    },
    buildEnd(error) {
      if (!error && !replaced) {
        this.error(
          'The federation runtime no longer has plugins/snapshot/SnapshotHandler.js: the replacement in packages/build matched nothing.',
        );
      }
    },
    load(id) {
      if (!target.test(id)) return null;
      replaced = true;
      const dist = resolve(dirname(id), '../..');
      const from = (/** @type {string} */ path) => JSON.stringify(resolve(dist, path));
      return `
import { Global, getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from ${from('global.js')};
import { AsyncHook } from ${from('utils/hooks/asyncHook.js')};
import { AsyncWaterfallHook } from ${from('utils/hooks/asyncWaterfallHooks.js')};
import { PluginSystem } from ${from('utils/hooks/pluginSystem.js')};

export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot && 'remotesInfo' in hostGlobalSnapshot && hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion) {
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  }
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({
      name: moduleInfo.name,
      version: 'version' in moduleInfo ? moduleInfo.version : undefined,
    }),
  };
}

export class SnapshotHandler {
  constructor(host) {
    this.loadingHostSnapshot = null;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
    this.manifestLoading = Global.__FEDERATION__.__MANIFEST_LOADING__;
    this.HostInstance = host;
    this.loaderHook = host.loaderHook;
  }
  async loadRemoteSnapshotInfo({ moduleInfo }) {
    throw new Error('Shoal loads remotes from their remoteEntry.js only; no manifest for ' + moduleInfo.name + '.');
  }
}
`;
    },
  };
}

const build = (/** @type {string} */ outDir, /** @type {Record<string, string> | undefined} */ input = undefined) => ({
  outDir,
  ...(input ? { rollupOptions: { input } } : {}),
  emptyOutDir: true,
  target: 'es2022',
  modulePreload: { polyfill: false },
});

// Unit tests run without federation: federated imports are not resolvable outside a browser page.
const test = { environment: 'jsdom' };

/**
 * The installed version of each shared library, as the host announces it to the federation runtime.
 * @param {string} root
 */
function sharedVersions(root) {
  const require = createRequire(resolve(root, 'package.json'));
  return Object.fromEntries(
    Object.keys(sharedSingletons).map((name) => [name, require(`${name}/package.json`).version]),
  );
}

/**
 * The host is a plain Vite build: it paints its own pages without any federation code, and starts
 * the Module Federation runtime (`@module-federation/runtime-core`) only when a route needs a
 * remote, handing it the libraries it already loaded as the shared singletons.
 * @param {string} root
 * @param {string} mode
 * @returns {import('vite').UserConfig}
 */
export function hostConfig(root, mode) {
  return {
    root,
    base: '/',
    plugins: [react(), federationWithoutManifests(root)],
    resolve: { alias: routerAlias(root, mode) },
    define: {
      __SHARED_VERSIONS__: JSON.stringify(sharedVersions(root)),
      // The federation runtime's own build-time switches (what the Module Federation plugins set for
      // `target: 'web'` and `disableSnapshot`): Shoal loads remotes in the browser only, from their
      // remoteEntry.js (no manifest, no snapshot, no preload planning), so that code is dropped.
      ENV_TARGET: JSON.stringify('web'),
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    },
    build: {
      ...build(webDist(root, 'host')),
      rollupOptions: {
        output: {
          // A handful of chunks instead of dozens of tiny ones (each costs a request and its own gzip
          // overhead): React, and the shared core, router, stores, translator and the host's small
          // first-paint modules, are needed together (the host's radio, started with the player
          // after the first screen, stays out).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper|rolldown.runtime/,
              },
              {
                name: 'core',
                test: /packages[\\/](core|router|i18n)[\\/]src(?![\\/](player[\\/]radio-session|auth-flows|auth[\\/](oauth-login|pkce|authorize-application)|instance[\\/]probe-instance))|node_modules[\\/](zustand|react-router)[\\/]|host[\\/]src[\\/](i18n[\\/]|banners[\\/]banner-state|notifications[\\/]counts-store|shortcuts[\\/]actions)|packages[\\/]text[\\/]src[\\/]locales|packages[\\/]ui[\\/]src[\\/](ErrorPanel|Loading)\./,
              },
            ],
          },
        },
      },
    },
    // @ts-expect-error `test` is read by Vitest and ignored by Vite.
    test,
  };
}

/**
 * @typedef {{ name: 'listen' | 'content' | 'settings' | 'manage', exposes: Record<string, string>, firstScreen?: RegExp }} RemoteBuildOptions
 * `firstScreen`: the remote's own modules its first screen always needs (its catalogue, the page,
 * the small helpers it imports), put in one chunk instead of a dozen tiny ones, each of which costs
 * a request and its own gzip overhead on the first visit.
 * @param {string} root
 * @param {string} mode
 * @param {RemoteBuildOptions} options
 * @returns {import('vite').UserConfig}
 */
export function remoteConfig(root, mode, { name, exposes, firstScreen }) {
  return {
    root,
    resolve: { alias: routerAlias(root, mode) },
    // The gateway mounts each remote under /apps/<name>/; chunks must resolve there, not under the host's /assets/.
    base: `/apps/${name}/`,
    plugins: [
      react(),
      mode !== 'test' &&
        federation({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // The host always provides every shared library before it loads a remote, so a remote carries
          // no fallback copy of its own (which it would download on first load even though unused).
          shared: Object.fromEntries(
            Object.entries(sharedSingletons).map(([name, config]) => [name, { ...config, import: false }]),
          ),
          dts: false,
          manifest: false,
          disableSnapshot: true,
          // A remote never loads other remotes (architecture rule), so it needs no remote loader.
          disableRemote: true,
          // Use the copies the host already runs rather than the highest version on offer.
          shareStrategy: 'loaded-first',
          // The host publishes its federation runtime, so remotes need not ship a second copy.
          experiments: { externalRuntime: true },
        }),
    ],
    // A remote has no page of its own: its only entry is the federation's remoteEntry.js.
    build: {
      ...build(webDist(root, 'apps', name), {}),
      ...(firstScreen
        ? {
            rollupOptions: {
              input: {},
              output: { codeSplitting: { groups: [{ name: 'first-screen', test: firstScreen }] } },
            },
          }
        : {}),
    },
    // @ts-expect-error `test` is read by Vitest and ignored by Vite.
    test,
  };
}

/**
 * The embed player (`/embed`, framed by other sites): a plain Vite build with no React and no
 * federation, so the page stays a few kilobytes. The gateway serves `dist/web/embed/index.html`
 * at `/embed` and its hashed files under `/embed/assets/`.
 * @param {string} root
 * @returns {import('vite').UserConfig}
 */
export function embedConfig(root) {
  return {
    root,
    base: '/embed/',
    build: build(webDist(root, 'embed')),
    // @ts-expect-error `test` is read by Vitest and ignored by Vite.
    test,
  };
}
