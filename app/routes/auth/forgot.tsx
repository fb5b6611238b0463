import type { Route } from "./+types/forgot";


export function loader({ context, request }: Route.LoaderArgs) {
  void context; void request;
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>forgot</h1></section>;
}
