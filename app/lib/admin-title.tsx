import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

/** Sets the back office's page title from inside a page (the layout renders the one <title>). */
const AdminTitleContext = createContext<(title: string | null) => void>(() => {});

/** The back office's <title>: a page's own title when it set one, else `fallback`. */
export function AdminTitle({ fallback, brand, children }: { fallback: string; brand: string; children: ReactNode }) {
  const [title, setTitle] = useState<string | null>(null);
  return (
    <AdminTitleContext.Provider value={setTitle}>
      <title>{`${title ?? fallback} — ${brand}`}</title>
      {children}
    </AdminTitleContext.Provider>
  );
}

/** A page names itself in the tab (e.g. a ticket by its number and subject); undefined keeps the back office's title. */
export function useAdminPageTitle(title: string | undefined): void {
  const setTitle = useContext(AdminTitleContext);
  useEffect(() => {
    if (!title) return;
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
