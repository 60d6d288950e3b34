import { randomBytes, randomUUID } from "node:crypto";
import {
  createInvitationAcceptance,
  type InvitationAcceptance,
  invitationTokenHash as tokenHash,
} from "./invitation-acceptance";
import type { StaffInvitation, StaffRoleName } from "../../../contract/staff";
import type { Locale } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import { invitationMail } from "./staff-mail";
import type { InvitationRow } from "./staff.repository";
import type { StaffActor, StaffServiceDeps } from "./staff-service-deps";

/** An invitation link works once and for 48 hours. */
export const INVITATION_LIFETIME_MS = 48 * 60 * 60_000;

/** Invitations: an admin invites a colleague by e-mail; the link makes their staff account. Every step is audited. */
export interface StaffInvitations extends InvitationAcceptance {
  /** Mails a single-use link (48 h) to `email`; an address that already has an account is refused. */
  invite(actor: StaffActor, input: { email: string; role: StaffRoleName; locale: Locale }): Promise<StaffInvitation>;
}

export function createStaffInvitations({
  db,
  repository,
  auth,
  audit,
  mail,
  clock,
  publicUrl,
  people,
}: StaffServiceDeps): StaffInvitations {
  const now = () => clock.now();
  return {
    async invite(
      actor: StaffActor,
      input: { email: string; role: StaffRoleName; locale: Locale },
    ): Promise<StaffInvitation> {
      const existing = await people.idByEmail(input.email);
      if (existing) throw DomainError.field("email", "staff.emailTaken");
      const at = now();
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(at.getTime() + INVITATION_LIFETIME_MS);
      const row: InvitationRow = {
        id: randomUUID(),
        email: input.email,
        role: input.role,
        token_hash: tokenHash(token),
        locale: input.locale,
        invited_by: actor.id,
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        accepted_at: null,
        accepted_by: null,
      };
      const inviter = await people.byId(actor.id);
      // The token travels in the fragment: browsers never send it to a server, so it stays out of logs and Referer.
      const url = `${publicUrl}${input.locale === "es" ? "/es" : ""}/admin/invitation#${token}`;
      await db.transaction().execute(async (trx) => {
        await repository.insertInvitation(row, trx);
        await audit.record(
          {
            actor,
            ip: actor.ip,
            action: "staff.invite",
            subject: { type: "invitation", id: row.id },
            after: { email: row.email, role: row.role },
          },
          trx,
        );
        await mail.send(
          invitationMail(input.locale, {
            to: row.email,
            inviter: inviter ? `${inviter.first_name} ${inviter.last_name} (${inviter.email})` : "Scriptorium",
            role: row.role,
            url,
            token,
            expiresAt,
          }),
          trx,
        );
      });
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        invitedBy: inviter?.email ?? null,
      };
    },
    ...createInvitationAcceptance({ db, repository, auth, audit, clock, people }),
  };
}
