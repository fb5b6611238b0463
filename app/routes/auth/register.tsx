import type { Route } from "./+types/register";


export function loader({ context, request }: Route.LoaderArgs) {
  void context; void request;
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>register</h1></section>;
}
