/** At least 1, so page 1 always exists. */
export function pageCountOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** SPEC §4: start = floor((page-1)/w)*w+1, cut at the last page. */
export function pageWindow(page: number, pageCount: number, windowSize: number): number[] {
  const start = Math.floor((page - 1) / windowSize) * windowSize + 1;
  const end = Math.min(pageCount, start + windowSize - 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  return pages;
}

/** SPEC §5: clamped to 1..pageCount; anything not a whole number ('1e3', '2.5') gives null. */
export function parseGoTo(text: string, pageCount: number): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const page = Number.parseInt(trimmed, 10);
  return Math.min(pageCount, Math.max(1, page));
}
