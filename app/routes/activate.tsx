import type { Route } from "./+types/activate";


export function loader({ context, request }: Route.LoaderArgs) {
  void context; void request;
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>Activation</h1></section>;
}
