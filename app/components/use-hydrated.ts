import { useEffect, useState } from "react";

/** False in the server's HTML and the hydrating render, true from the first commit on the client. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
