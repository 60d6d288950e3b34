import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { roleAtLeast, type StaffRoleName } from "../../../contract/staff-roles";
import { tokens } from "~/lib/api/tokens";
import { useSession } from "./session";

/** "unknown" while server-rendering and hydrating; then who is there, as the access token says. */
export type ViewerRole = "unknown" | "anonymous" | "customer" | StaffRoleName;

/** The claims of an access token, read without verifying (the API checks every call). */
function claims(token: string): { role?: unknown; sub?: unknown } {
  return JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { role?: unknown; sub?: unknown };
}

/** The signed-in user's id from the access token, or null. */
export function currentUserId(): string | null {
  const token = tokens.access();
  try {
    const sub = token ? claims(token).sub : null;
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}

/** The role claim of an access token (read, not verified: the API checks every call; this only picks what to show). */
export function roleOfToken(token: string | null): "anonymous" | "customer" | StaffRoleName {
  if (!token) return "anonymous";
  try {
    const payload = claims(token);
    const role = typeof payload.role === "string" ? payload.role : "customer";
    return role === "writer" || role === "manager" || role === "admin" ? role : "customer";
  } catch {
    return "customer";
  }
}

/**
 * The signed-in person's role for the back office: which links to show and which screens to open. A role change or
 * deactivation ends the person's sign-ins, so the token never speaks for a role they no longer have for long.
 */
export function useViewerRole(): ViewerRole {
  const status = useSession();
  if (status === "unknown") return "unknown";
  return roleOfToken(status === "signedIn" ? tokens.access() : null);
}

/**
 * Inside the back office shell: shows `children` to staff of role `least` or higher, else a plain "not for your
 * role" note (the API answers 403 anyway). Back-office pages of every area may wrap themselves in it.
 */
export function RequireStaffRole({ least, children }: { least: StaffRoleName; children: ReactNode }) {
  const role = useViewerRole();
  const { t } = useTranslation("admin");
  if (role === "unknown") return null;
  if (roleAtLeast(role, least)) return children;
  return (
    <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
      {t("access.roleTooLow")}
    </p>
  );
}
