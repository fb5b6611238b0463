export function meta() {
  return [{ title: "Floor" }];
}

/** A loader that reads nothing, so the router's data path is exercised as on real pages. */
export function loader() {
  return { message: "Hello" };
}

export default function Home({ loaderData }: { loaderData: { message: string } }) {
  return (
    <main>
      <h1>{loaderData.message}</h1>
      <p>The smallest server-rendered React Router page.</p>
    </main>
  );
}
