import { data } from "react-router";

/** Every path no other route claims: HTTP 404, rendered by the root error boundary in the layout. */
export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
