/** Bundled fictional gurus (SPEC §2, §3 Guru): k1/k2/k3 = current week/month/year return, percent. */
export interface Guru {
  name: string;
  k1: number;
  k2: number;
  k3: number;
}

export const GURUS: readonly Guru[] = [
  { name: 'Ada Whitfield', k1: 0.13, k2: 6.16, k3: 10.11 },
  { name: 'Marcus Ellery', k1: 0.5, k2: -2.02, k3: -27.18 },
  { name: 'Priya Ramanathan', k1: -1.46, k2: -0.94, k3: 10.84 },
  { name: 'Tobias Crane', k1: 0.1, k2: -5.32, k3: 9.02 },
  { name: 'Helena Vasquez', k1: 2.88, k2: 2.72, k3: 29.6 },
  { name: 'Desmond Okafor', k1: -1.61, k2: 6.22, k3: 47.49 },
  { name: 'Ingrid Halvorsen', k1: 0.39, k2: 2.15, k3: 49.13 },
  { name: 'Rafael Montoya', k1: -1.14, k2: 4.71, k3: 54.81 },
  { name: 'Celeste Achterberg', k1: 0.28, k2: 2.52, k3: -3.33 },
  { name: 'Julian Park', k1: -3.78, k2: 4.89, k3: 22.12 },
  { name: 'Nadia Petrova', k1: 0.84, k2: -3.81, k3: -22.45 },
  { name: 'Everett Lang', k1: 2.11, k2: 4.11, k3: 36.78 },
  { name: 'Sofia Bellamy', k1: -0.21, k2: 4.84, k3: 11.49 },
  { name: 'Kwame Mensah', k1: -0.6, k2: -2.69, k3: -1.59 },
  { name: 'Lucia Ferraro', k1: 3.53, k2: 4.74, k3: 19.19 },
  { name: 'Gideon Marsh', k1: 1.3, k2: -2.11, k3: 26.19 },
  { name: 'Mei-Lin Chao', k1: 1.81, k2: 2.5, k3: 23.72 },
  { name: 'Oskar Lindqvist', k1: 1.48, k2: -0.34, k3: -27.4 },
  { name: 'Amara Obi', k1: 0.87, k2: -0.64, k3: 41.95 },
  { name: 'Theodore Vance', k1: 0.05, k2: 4.04, k3: 53.27 },
  { name: 'Valentina Cruz', k1: -0.59, k2: -4.73, k3: -16.05 },
  { name: 'Henrik Sorensen', k1: -0.75, k2: 0.69, k3: 41.61 },
  { name: 'Yasmin Haddad', k1: 2.06, k2: 2.63, k3: 2.01 },
  { name: 'Calvin Brooks', k1: 1.57, k2: 3.59, k3: 40.69 },
  { name: 'Elena Moreau', k1: 1.21, k2: -2.67, k3: -13.85 },
  { name: 'Dmitri Volkov', k1: 0.5, k2: 1.7, k3: 17.72 },
  { name: 'Harriet Quinn', k1: 0.75, k2: 4.17, k3: 25.46 },
  { name: 'Santiago Reyes', k1: 0.37, k2: 0.17, k3: 41.46 },
  { name: 'Freya Nilsson', k1: -4.07, k2: 2.77, k3: 31.85 },
  { name: 'Malcolm Reid', k1: -0.58, k2: -4.04, k3: 13.26 },
  { name: 'Aisha Karimi', k1: 3.48, k2: 3.94, k3: 37.44 },
  { name: 'Benedict Shaw', k1: -4.04, k2: -3.34, k3: -7.23 },
  { name: 'Camila Ortega', k1: -0.49, k2: -2.19, k3: -5.55 },
  { name: 'Rowan Fletcher', k1: 0.89, k2: 1.93, k3: 30.1 },
  { name: 'Keiko Tanaka', k1: 1.54, k2: 6.7, k3: 43.7 },
  { name: 'Lionel Dupree', k1: 2.51, k2: 2.37, k3: 10.83 },
  { name: 'Beatrix Holloway', k1: -0.21, k2: 2.76, k3: 2.95 },
  { name: 'Arjun Mehta', k1: 3.76, k2: 6.37, k3: 16.75 },
  { name: 'Greta Vogel', k1: 1.84, k2: 3.68, k3: 4.82 },
  { name: 'Percival Stone', k1: -0.06, k2: -5.49, k3: 14.4 },
  { name: 'Imani Walker', k1: 3.32, k2: 4.36, k3: 38.21 },
  { name: 'Leopold Graves', k1: 0.3, k2: 6.84, k3: 40.83 },
  { name: 'Rosalind Ng', k1: 1.31, k2: 2.47, k3: 28.61 },
  { name: 'Victor Castellanos', k1: 0.7, k2: -2.0, k3: 2.76 },
  { name: 'Odette Laurent', k1: -0.34, k2: 7.09, k3: 19.91 },
  { name: 'Silas Pemberton', k1: -0.78, k2: 0.6, k3: -32.58 },
  { name: 'Zara Whitaker', k1: -0.82, k2: -6.15, k3: -18.58 },
  { name: 'Felix Grunewald', k1: -2.15, k2: -5.8, k3: 5.46 },
  { name: 'Maren Solberg', k1: 0, k2: 8.08, k3: -5.21 },
  { name: 'Cyrus Farahani', k1: 2.37, k2: 7.28, k3: 20.96 },
];

/** SPEC §2: sorted by current-year return, highest first (name breaks ties). */
export function rankGurus(gurus: readonly Guru[] = GURUS): Guru[] {
  return [...gurus].sort((a, b) => b.k3 - a.k3 || a.name.localeCompare(b.name));
}
