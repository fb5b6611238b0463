import { healthAnswer } from "~/infra/health.server";

/** docs/api.md; server.ts answers GET and HEAD itself, before the router, with the same function. */
export function loader() {
  return healthAnswer();
}
