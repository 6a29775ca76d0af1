import { useEffect, useState } from 'react';

/**
 * A number that changes whenever the page's theme does (the visitor's toggle, which sets
 * data-theme on <html>, or the system setting): canvas charts redraw with it as a dependency.
 */
export function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    query.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      query.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return version;
}

/**
 * A palette colour (e.g. `slate-600`) as the element sees it in the current theme, as `rgba()`
 * with the given opacity. Canvas drawing cannot use CSS variables, so the colour is resolved
 * here: the variable's value is painted on a 1×1 canvas and read back as sRGB bytes.
 */
export function paletteColor(element: Element, name: string, alpha = 1): string {
  const value = getComputedStyle(element).getPropertyValue(`--color-${name}`).trim();
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx || !value) return value || 'currentColor';
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
