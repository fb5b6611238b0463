/**
 * "A mail was queued": wakes the outbox sender right after the commit, so a user does not wait for
 * its next tick. The server loads the app twice (the route bundle and server.ts's own imports, which
 * start the jobs and the sender), so the listeners live on globalThis where both copies see them.
 */
type Listener = () => void;
const KEY = Symbol.for("courier-fleet.outbox.listeners");
const store = globalThis as typeof globalThis & { [KEY]?: Set<Listener> };

function listeners() {
  return (store[KEY] ??= new Set());
}

/** Registers the sender; returns the function that unregisters it. */
export function onMailQueued(listener: Listener) {
  listeners().add(listener);
  return () => void listeners().delete(listener);
}

export function mailQueued() {
  for (const listener of listeners()) listener();
}
