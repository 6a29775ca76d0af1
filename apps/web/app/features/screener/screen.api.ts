import type { ScreenResponse } from '@app/shared/screener-screen';
import type { AppLoadContext } from 'react-router';
import { ApiClientError, apiGet } from '../../lib/api-client';
import { type ScreenView, screenApiPath, screenFromSearch } from './screen-params';

export interface ScreenData {
  view: ScreenView;
  screen: ScreenResponse | null;
  error: string | null;
}

export async function loadScreen(
  url: string,
  context?: AppLoadContext,
  options: { anonymous?: boolean } = {},
): Promise<ScreenData> {
  const view = screenFromSearch(new URL(url).searchParams);
  try {
    const screen = await apiGet<ScreenResponse>(
      screenApiPath(view),
      context ? { context } : { anonymous: options.anonymous },
    );
    return { view, screen, error: null };
  } catch (err) {
    console.error('Screen failed to load', err);
    // A refused parameter names itself (400); anything else is a retry.
    const error =
      err instanceof ApiClientError && err.status === 400
        ? err.message
        : 'The screen could not be loaded. Please try again.';
    return { view, screen: null, error };
  }
}
