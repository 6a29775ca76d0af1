/** SPEC §2, in the bar's order. */
export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavMenu {
  label: string;
  items: NavLinkItem[];
}

export const NAV_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/screener', label: 'Screener' },
  { to: '/companies/info', label: 'Metrics' },
  { to: '/doc-qa', label: 'Document QA' },
];

export const NAV_MENUS: NavMenu[] = [
  {
    label: 'Simulator',
    items: [
      { to: '/simulator/my-profolio', label: 'My Profolio' },
      { to: '/simulator/leaderboard', label: 'Leaderboard' },
      { to: '/simulator/games', label: 'Games' },
    ],
  },
  {
    label: 'Historical Data',
    items: [
      { to: '/companies/market-cap-rankings', label: 'By Market Cap' },
      { to: '/companies/annual-returns-rankings', label: 'By Annual Return' },
      { to: '/companies/dollar-volume-rankings', label: 'By Volume' },
    ],
  },
];

export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  // "My Profolio" is the same view as /simulator (SPEC §2).
  if (to === '/simulator/my-profolio' && pathname === '/simulator') return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}
