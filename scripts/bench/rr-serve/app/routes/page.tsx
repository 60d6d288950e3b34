// A service page of about the store's size: header with navigation, a loader's data rendered as sections with
// prices, a form and a footer. `?items=` sets how many sections, so the bench can match the store's HTML size.
import { useLoaderData } from "react-router";

interface Item {
  id: number;
  title: string;
  text: string;
  price: string;
}

export function loader({ request }: { request: Request }): { items: Item[] } {
  const count = Number(new URL(request.url).searchParams.get("items") ?? 40);
  return {
    items: Array.from({ length: count }, (_, id) => ({
      id,
      title: `Service ${id}: a written piece delivered on time`,
      text: "Clear writing for your readers, revised until it says what you mean, delivered in the formats you need.",
      price: `€${(40 + id).toFixed(2)}`,
    })),
  };
}

export function meta() {
  return [
    { title: "Investor deck | Scriptorium" },
    { name: "description", content: "A page of similar size for the bench." },
  ];
}

export default function Page() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <header>
        <nav aria-label="Main">
          <ul>
            {["Services", "Bundles", "About us", "Contact", "Sign in", "Cart"].map((label) => (
              <li key={label}>
                <a href={`/${label.toLowerCase().replace(/ /g, "-")}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <h1>Investor deck</h1>
        {items.map((item) => (
          <section key={item.id} aria-labelledby={`item-${item.id}`}>
            <h2 id={`item-${item.id}`}>{item.title}</h2>
            <p>{item.text}</p>
            <p>
              <strong>{item.price}</strong> <span>per piece</span>
            </p>
          </section>
        ))}
        <form method="post">
          <label htmlFor="brief">Brief</label>
          <textarea id="brief" name="brief" />
          <button type="submit">Add to cart</button>
        </form>
      </main>
      <footer>
        <p>Scriptorium</p>
      </footer>
    </>
  );
}
