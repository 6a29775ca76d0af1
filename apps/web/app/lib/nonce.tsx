import { createContext, useContext } from 'react';

/** Browsers hide nonce attributes after parsing, so the client renders with an empty one. */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
