/**
 * This browser's Web Push subscription (docs/operations.md#push): POST stores it for the logged-in courier
 * (after their tap on "Turn on"), DELETE forgets it ("Turn off"). Only the courier's own: deleting an
 * endpoint that is not theirs answers 404 and changes nothing.
 */
import type { Route } from "./+types/push.subscription";
import { deviceLabel, pushEndpointSchema, pushSubscriptionSchema } from "~/domain/push";
import { config } from "~/infra/config.server";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { hit } from "~/models/limits.server";
import { deletePushSubscription, savePushSubscription } from "~/models/push.server";
import { parseApiBody } from "~/services/auth-http.server";
import { currentSessionIdHash, requireUser } from "~/services/session.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST", "DELETE"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(context, ["POST", "DELETE"]);
  const user = requireUser(context, request);
  if (request.method === "DELETE") {
    const body = await parseApiBody(context, request, pushEndpointSchema);
    if (!body.ok) return body.response;
    const removed = await deletePushSubscription(user.id, { endpoint: body.value.endpoint });
    return removed ? new Response(null, { status: 204 }) : jsonError(context, 404, "errors:notFound");
  }
  const body = await parseApiBody(context, request, pushSubscriptionSchema(config().push.allowLocalHttp));
  if (!body.ok) return body.response;
  const limited = await hit("pushSubscribe", String(user.id));
  if (!limited.ok)
    return jsonError(context, 429, "errors:rateLimited", {
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
      values: { minutes: Math.ceil(limited.retryAfterSeconds / 60) },
    });
  const id = await savePushSubscription(
    user.id,
    body.value,
    deviceLabel(request.headers.get("User-Agent")),
    currentSessionIdHash(context),
  );
  return Response.json({ id }, { status: 201 });
}
