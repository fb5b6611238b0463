/** Spec §1: particles linked within 110 px, pushed away from the pointer within 120 px. */
export const LINK_DISTANCE = 110;
export const MOUSE_RADIUS = 120;

type Particle = { x: number; y: number; vx: number; vy: number };

/** Starts the animation on the canvas; returns the function that stops it and removes every listener. */
export function animateParticles(canvas: HTMLCanvasElement): () => void {
  const context = canvas.getContext("2d");
  if (!context) return () => {};
  const ctx = context;
  let width = 0;
  let height = 0;
  let particles: Particle[] = [];
  let frame = 0;
  const pointer = { x: -1e4, y: -1e4 };

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = rect.width;
    height = rect.height;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const count = Math.min(70, Math.round((width * height) / 11000));
    particles = Array.from({ length: count }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      vx: (Math.random() - 0.5) * 0.5,
      vy: (Math.random() - 0.5) * 0.5,
    }));
  }

  function step() {
    ctx.clearRect(0, 0, width, height);
    for (const p of particles) {
      const dx = p.x - pointer.x;
      const dy = p.y - pointer.y;
      const d = Math.hypot(dx, dy);
      if (d < MOUSE_RADIUS && d > 0) {
        const push = (MOUSE_RADIUS - d) / MOUSE_RADIUS;
        p.x += (dx / d) * push * 2;
        p.y += (dy / d) * push * 2;
      }
      p.x += p.vx;
      p.y += p.vy;
      if (p.x < 0 || p.x > width) p.vx *= -1;
      if (p.y < 0 || p.y > height) p.vy *= -1;
    }
    ctx.lineWidth = 1;
    for (let i = 0; i < particles.length; i++) {
      const a = particles[i]!;
      for (let j = i + 1; j < particles.length; j++) {
        const b = particles[j]!;
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d < LINK_DISTANCE) {
          ctx.strokeStyle = `rgba(15, 118, 110, ${(0.28 * (1 - d / LINK_DISTANCE)).toFixed(3)})`;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
    }
    ctx.fillStyle = "rgba(15, 118, 110, 0.45)";
    for (const p of particles) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, 2, 0, Math.PI * 2);
      ctx.fill();
    }
    frame = requestAnimationFrame(step);
  }

  const onPointer = (event: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    pointer.x = event.clientX - rect.left;
    pointer.y = event.clientY - rect.top;
  };
  const onLeave = () => {
    pointer.x = -1e4;
    pointer.y = -1e4;
  };
  // Paused while the tab is hidden: no frames, no battery.
  const onVisibility = () => {
    cancelAnimationFrame(frame);
    if (!document.hidden) frame = requestAnimationFrame(step);
  };
  const observer = new ResizeObserver(() => resize());
  observer.observe(canvas);
  resize();
  window.addEventListener("pointermove", onPointer, { passive: true });
  document.addEventListener("pointerleave", onLeave);
  document.addEventListener("visibilitychange", onVisibility);
  canvas.dataset.running = "true";
  if (!document.hidden) frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    window.removeEventListener("pointermove", onPointer);
    document.removeEventListener("pointerleave", onLeave);
    document.removeEventListener("visibilitychange", onVisibility);
    delete canvas.dataset.running;
  };
}
