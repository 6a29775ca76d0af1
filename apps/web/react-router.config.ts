import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every route's manifest entry goes into the first HTML (a few kB) instead of being fetched from
  // /__manifest for the links a page shows. The lazy mode patched the router once that fetch came
  // back, just after hydration, and the patch re-rendered every page whole (on the rankings table
  // Lighthouse counted 100-300 ms of blocking time for it).
  routeDiscovery: { mode: 'initial' },
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // v8_middleware changes the loader `context` into a typed provider; adopt it with the
    // accounts work, when sessions give middleware something to do.
  },
} satisfies Config;
