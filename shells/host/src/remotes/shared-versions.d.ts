/** Injected at build time by @shoal/build: the installed version of each shared singleton. */
declare const __SHARED_VERSIONS__: Record<string, string>;
