/**
 * The props of a part that scrolls inside a fixed size (a wide table, a photo strip, a zoomed document):
 * a named region that takes focus, so that a keyboard can scroll it too (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`). Spread onto the scrolling element.
 */
export function scrollRegion(label: string) {
  return { role: "region", "aria-label": label, tabIndex: 0 } as const;
}
