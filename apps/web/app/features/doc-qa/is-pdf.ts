/** PDF readers accept up to 1 KB of junk before `%PDF-`; the bytes decide, not the file name. */
export function looksLikePdf(head: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  const end = Math.min(head.length, 1024) - signature.length;
  for (let i = 0; i <= end; i += 1) {
    if (signature.every((b, j) => head[i + j] === b)) return true;
  }
  return false;
}
