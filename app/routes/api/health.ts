import { healthAnswer } from "~/infra/health.server";

/** CONTRACT §4; server.ts answers GET and HEAD itself, before the router, with the same function. */
export function loader() {
  return healthAnswer();
}
