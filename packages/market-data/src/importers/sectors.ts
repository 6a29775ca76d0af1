import type { SectorCode } from '@app/shared/sectors';

/**
 * SIC → SPEC §3 sector (docs/sic-to-sector.md). Checked in order: narrower exceptions first. GICS wins
 * wherever given, as SIC is coarser.
 */
const SIC_RANGES: ReadonlyArray<readonly [from: number, to: number, sector: SectorCode]> = [
  [100, 999, 5], // agriculture, forestry, fishing
  [1000, 1099, 2], // metal mining
  [1200, 1399, 1], // coal, oil and gas extraction and services
  [1400, 1499, 2], // non-metallic minerals
  [1531, 1531, 4], // operative builders (homebuilders)
  [1500, 1799, 3], // construction
  [2000, 2199, 5], // food, beverages, tobacco
  [2200, 2399, 4], // textiles, apparel
  [2400, 2499, 2], // lumber, wood
  [2500, 2599, 4], // furniture
  [2600, 2699, 2], // paper
  [2700, 2799, 9], // printing and publishing
  [2830, 2836, 6], // drugs, biologicals
  [2840, 2844, 5], // soap, detergents, cosmetics
  [2800, 2899, 2], // chemicals
  [2900, 2999, 1], // petroleum refining
  [3000, 3099, 2], // rubber, plastics
  [3100, 3199, 4], // leather goods
  [3200, 3399, 2], // stone, glass, primary metals
  [3400, 3499, 3], // fabricated metal products
  [3570, 3579, 8], // computers and office equipment
  [3500, 3599, 3], // industrial machinery
  [3630, 3639, 4], // household appliances
  [3650, 3652, 4], // household audio and video
  [3660, 3679, 8], // communications equipment, electronic components, semiconductors
  [3600, 3699, 3], // electrical equipment
  [3711, 3716, 4], // motor vehicles, bodies, trailers
  [3751, 3751, 4], // motorcycles, bicycles
  [3700, 3799, 3], // aircraft, ships, railroad equipment, defence
  [3812, 3812, 3], // search, navigation, guidance (defence electronics)
  [3840, 3851, 6], // medical instruments and supplies
  [3800, 3829, 8], // measuring and control instruments
  [3860, 3879, 4], // photographic goods, watches
  [3900, 3999, 4], // jewellery, toys, sporting goods, misc. manufacturing
  [4000, 4799, 3], // transportation
  [4800, 4899, 9], // telephone, cable, broadcasting
  [4950, 4959, 3], // waste management
  [4900, 4999, 10], // electric, gas, water utilities
  [5122, 5122, 6], // drugs wholesale
  [5140, 5149, 5], // groceries wholesale
  [5170, 5172, 1], // petroleum products wholesale
  [5000, 5199, 3], // wholesale trade
  [5400, 5499, 5], // food stores
  [5912, 5912, 5], // drug stores
  [5200, 5999, 4], // retail trade
  [6500, 6553, 11], // real estate operators, developers, agents
  [6798, 6798, 11], // real estate investment trusts
  [6000, 6799, 7], // banks, credit, brokers, insurance, holding companies, blank checks
  [7000, 7099, 4], // hotels and lodging
  [7200, 7299, 4], // personal services
  [7310, 7319, 9], // advertising
  [7370, 7379, 8], // computer programming, software, data processing
  [7300, 7399, 3], // business services
  [7500, 7599, 4], // automotive services
  [7800, 7899, 9], // motion pictures
  [7900, 7999, 4], // amusement and recreation
  [8000, 8099, 6], // health services
  [8200, 8299, 4], // education
  [8731, 8731, 6], // commercial physical and biological research
  [8100, 8799, 3], // legal, engineering, accounting, management services
];

/** The sector of a 4-digit SIC code, or null (no code, '0000', governments, non-classifiable). */
export function sectorFromSic(sic: string | null | undefined): SectorCode | null {
  if (!sic || !/^\d{1,4}$/.test(sic)) return null;
  const code = Number(sic);
  for (const [from, to, sector] of SIC_RANGES) if (code >= from && code <= to) return sector;
  return null;
}

const GICS: Record<string, SectorCode> = {
  energy: 1,
  materials: 2,
  industrials: 3,
  'consumer discretionary': 4,
  'consumer staples': 5,
  'health care': 6,
  financials: 7,
  'information technology': 8,
  'communication services': 9,
  telecommunications: 9,
  'telecommunication services': 9,
  utilities: 10,
  'real estate': 11,
};

export function sectorFromGics(name: string | null | undefined): SectorCode | null {
  return (name && GICS[name.trim().toLowerCase()]) || null;
}
