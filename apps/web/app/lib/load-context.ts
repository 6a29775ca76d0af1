import type { WebLoadContext } from '@app/shared/load-context';

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
