/** What each seeded user looks like: a status reached through the real status path, with timestamps. */
import type { UserStatus } from "~/domain/status";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** mulberry32: a small seeded generator, so two runs produce the same database. */
export class Rng {
  constructor(private state: number) {}
  next() {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)]!;
}

const FIRST = [
  "Ján",
  "Peter",
  "Mária",
  "Olena",
  "Andrii",
  "Oksana",
  "Tomáš",
  "Lucia",
  "Dmytro",
  "Iryna",
  "Martin",
  "Zuzana",
  "Taras",
  "Anna",
  "Michal",
  "Yulia",
];
const LAST = [
  "Novák",
  "Horváth",
  "Kováč",
  "Shevchenko",
  "Bondarenko",
  "Varga",
  "Tkachenko",
  "Baláž",
  "Melnyk",
  "Tóth",
  "Kravets",
  "Szabó",
];
const ORDER: UserStatus[] = [
  "created_account",
  "confirmed_account",
  "applied_for_job",
  "working_no_vehicle",
  "applied_for_vehicle",
  "working_with_vehicle",
  "lease_expired",
];

export type UserPlan = {
  email: string;
  fullName: string;
  language: "sk" | "ua" | "en";
  status: UserStatus;
  createdAt: number;
  /** Every status the user passed through, with when. */
  path: [UserStatus, number][];
  application?: {
    status: "pending" | "approved" | "rejected";
    age: number;
    phone: string;
    contact: "phone" | "whatsapp" | "telegram" | "viber";
    createdAt: number;
    decidedAt: number | null;
  };
  vehicleRequestAt?: number;
};

function finalStatus(rng: Rng, riderShare: number): UserStatus {
  const r = rng.next();
  if (r < riderShare) return "working_with_vehicle";
  const rest = (r - riderShare) / (1 - riderShare);
  if (rest < 0.12) return "created_account";
  if (rest < 0.4) return "confirmed_account";
  if (rest < 0.55) return "applied_for_job";
  if (rest < 0.66) return "job_rejected";
  if (rest < 0.86) return "working_no_vehicle";
  if (rest < 0.92) return "applied_for_vehicle";
  if (rest < 0.97) return "vehicle_rejected";
  return "lease_expired";
}

/** The statuses on the way to `status`, in order. */
function statusPath(status: UserStatus): UserStatus[] {
  if (status === "job_rejected") return [...ORDER.slice(0, 3), "job_rejected"];
  if (status === "vehicle_rejected") return [...ORDER.slice(0, 5), "vehicle_rejected"];
  return ORDER.slice(0, ORDER.indexOf(status) + 1);
}

export function userPlan(
  rng: Rng,
  i: number,
  now: number,
  days: number,
  vehicleCount: number,
  users: number,
): UserPlan {
  // Riders need a vehicle each; keep them to 60 % of the fleet at most.
  const riderShare = Math.min(0.15, (0.6 * vehicleCount) / Math.max(1, users));
  const status = finalStatus(rng, riderShare);
  const createdAt = now - rng.int(0, days) * DAY - rng.int(0, DAY);
  let at = createdAt;
  const path: [UserStatus, number][] = statusPath(status).map((s, step) => {
    if (step > 0) at = Math.min(now, at + rng.int(1, 72) * HOUR);
    return [s, at];
  });
  const when = (s: UserStatus) => path.find(([p]) => p === s)?.[1];
  const plan: UserPlan = {
    email: `user${i + 1}@bench.example`,
    fullName: `${pick(rng, FIRST)} ${pick(rng, LAST)}`,
    language: pick(rng, ["sk", "sk", "ua", "ua", "en"] as const),
    status,
    createdAt,
    path,
  };
  const appliedAt = when("applied_for_job");
  if (appliedAt !== undefined) {
    const decidedAt = when("job_rejected") ?? when("working_no_vehicle") ?? null;
    plan.application = {
      status: status === "applied_for_job" ? "pending" : status === "job_rejected" ? "rejected" : "approved",
      age: rng.int(18, 60),
      phone: `+4219${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
      contact: pick(rng, ["phone", "whatsapp", "telegram", "viber"] as const),
      createdAt: appliedAt,
      decidedAt,
    };
  }
  plan.vehicleRequestAt = when("applied_for_vehicle");
  return plan;
}
