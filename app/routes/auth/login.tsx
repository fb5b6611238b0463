import type { Route } from "./+types/login";


export function loader({ context, request }: Route.LoaderArgs) {
  void context; void request;
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>login</h1></section>;
}
