import { useEffect, useRef } from "react";

/**
 * The home page's cosmetic background. The canvas is in the server markup (absolutely placed, so no
 * layout shift); the animation code is fetched only once the page is idle, and never for visitors
 * who ask for reduced motion or to save data.
 */
export function ParticleCanvas() {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || connection?.saveData) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      // Decoration only: offline, the animation simply does not start.
      import("./particles").then(
        ({ animateParticles }) => {
          if (!cancelled) stop = animateParticles(canvas);
        },
        () => undefined,
      );
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 3000 })
      : window.setTimeout(start, 1500);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop?.();
    };
  }, []);
  return <canvas ref={ref} className="home-particles" aria-hidden="true" />;
}
