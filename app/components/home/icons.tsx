/** Small inline icons of the landing page (no icon font, nothing to download). */
const common = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export function PhoneIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  );
}

export function ScooterIcon() {
  return (
    <svg {...common}>
      <circle cx="6" cy="17" r="3" />
      <circle cx="18" cy="17" r="3" />
      <path d="M9 17h6l2-9h3M14 8h3M6 14l2-5h4" />
    </svg>
  );
}

export function BoxIcon() {
  return (
    <svg {...common}>
      <path d="M3 8l9-5 9 5v8l-9 5-9-5z" />
      <path d="M3 8l9 5 9-5M12 13v8" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common} width={20} height={20}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
