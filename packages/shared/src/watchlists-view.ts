/** Watchlist figures the page needs without Zod (the contract is in watchlists.ts). */

/** Screen measures a member shows beside a list's figures (at most this many). */
export const WATCHLIST_MAX_MEASURES = 8;
