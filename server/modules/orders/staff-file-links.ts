import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { ResultFile } from "./order-files";
import type { Actor } from "./order-lifecycle";
import type { StaffDirectory } from "./orders-ports";

/** How long a minted link opens its file: enough for a tab to open and a PDF viewer to ask for its byte ranges. */
export const STAFF_FILE_LINK_MS = 5 * 60 * 1000;

/** What a signed link names: the staff member, the order and file, when it ends (ms since 1970), and the signature. */
export interface SignedFileLink {
  by: string;
  orderId: string;
  fileId: string;
  until: number;
  sig: string;
}

/**
 * Short-lived signed links to a delivered file for staff (issue 26, point 4; docs/decisions, staff file links): the
 * back office's API takes a bearer token a tab opened by a middle-click, "open in new tab" or a bookmark does not
 * carry, so the signed-in member of staff asks for a link (`mint`, behind their token and the access rules) and the
 * tab opens that. The link names the member, the order, the file and when it ends, signed with the server's secret;
 * nothing long-lived is in it. Opening it asks again whether that person is still active staff, in which role, and
 * may still see the file (a deactivation or a hand-over within the 5 minutes closes it).
 */
export function createStaffFileLinks(deps: {
  secret: string;
  clock: Clock;
  staffDirectory: Pick<StaffDirectory, "activeMember">;
  staffFile(orderId: string, fileId: string, actor: Actor): Promise<ResultFile>;
  idFor(idOrNumber: string, actor: Actor): Promise<string>;
}) {
  const sign = (link: Omit<SignedFileLink, "sig">) =>
    createHmac("sha256", deps.secret).update(`staff-file-link:${link.by}:${link.orderId}:${link.fileId}:${link.until}`).digest("base64url");

  return {
    /** A link to `fileId` of the order for `actor`, once the access rules let them see it (404 otherwise). */
    async mint(actor: Actor, idOrNumber: string, fileId: string): Promise<{ path: string; expiresAt: string }> {
      if (!actor.id) throw DomainError.notFound();
      const orderId = await deps.idFor(idOrNumber, actor);
      await deps.staffFile(orderId, fileId, actor);
      const until = deps.clock.now().getTime() + STAFF_FILE_LINK_MS;
      const sig = sign({ by: actor.id, orderId, fileId, until });
      const query = new URLSearchParams({ by: actor.id, until: String(until), sig });
      return { path: `/api/admin/file-links/${encodeURIComponent(orderId)}/${encodeURIComponent(fileId)}?${query}`, expiresAt: new Date(until).toISOString() };
    },

    /** The file a link opens; 404 for a link that is forged, ended, or of someone who may no longer see the file. */
    async open(link: SignedFileLink): Promise<ResultFile> {
      const expected = Buffer.from(sign(link));
      if (link.sig.length !== expected.length || !timingSafeEqual(Buffer.from(link.sig), expected)) throw DomainError.notFound();
      if (!(deps.clock.now().getTime() < link.until)) throw DomainError.notFound();
      const member = await deps.staffDirectory.activeMember(link.by);
      if (!member) throw DomainError.notFound();
      return deps.staffFile(link.orderId, link.fileId, { id: link.by, role: member.role });
    },
  };
}

export type StaffFileLinks = ReturnType<typeof createStaffFileLinks>;
