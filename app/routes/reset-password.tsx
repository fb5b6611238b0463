import type { Route } from "./+types/reset-password";


export function loader({ context, request }: Route.LoaderArgs) {
  void context; void request;
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>Reset password</h1></section>;
}
