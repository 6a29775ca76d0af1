import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // v8_middleware changes the loader `context` into a typed provider; adopt it with the
    // accounts work, when sessions give middleware something to do.
  },
} satisfies Config;
