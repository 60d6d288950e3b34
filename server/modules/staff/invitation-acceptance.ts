import { createHash, randomUUID } from "node:crypto";
import type { InvitationLookup, StaffChallenge } from "../../../contract/staff";
import { DomainError } from "../../platform/domain-error";
import { hashPassword } from "../accounts";
import type { InvitationRow } from "./staff.repository";
import type { StaffServiceDeps } from "./staff-service-deps";

/** How an invitation's token is stored: its SHA-256 only. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The invitation link's side: what it is for, and its acceptance, which makes the staff account. */
export interface InvitationAcceptance {
  lookupInvitation(token: string): Promise<InvitationLookup>;
  /** Creates the staff account with the invited role and answers the enrolment step of its first sign-in. */
  acceptInvitation(
    input: { token: string; firstName: string; lastName: string; password: string },
    ip: string,
  ): Promise<StaffChallenge>;
}

export function createInvitationAcceptance({
  db,
  repository,
  auth,
  audit,
  clock,
  people,
}: Pick<StaffServiceDeps, "db" | "repository" | "auth" | "audit" | "clock" | "people">): InvitationAcceptance {
  const now = () => clock.now();
  const tokenHash = invitationTokenHash;
  const usableInvitation = async (token: string): Promise<InvitationRow> => {
    const invitation = await repository.invitationByHash(tokenHash(token));
    if (!invitation) throw DomainError.notFound();
    if (invitation.accepted_at) throw DomainError.conflict("staff.invitationUsed");
    if (invitation.expires_at <= now().toISOString()) throw DomainError.conflict("staff.invitationExpired");
    return invitation;
  };

  return {
    async lookupInvitation(token: string): Promise<InvitationLookup> {
      const invitation = await usableInvitation(token);
      return {
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expires_at,
        locale: invitation.locale === "es" ? "es" : "en",
      };
    },

    async acceptInvitation(
      input: { token: string; firstName: string; lastName: string; password: string },
      ip: string,
    ): Promise<StaffChallenge> {
      const invitation = await usableInvitation(input.token);
      const passwordHash = await hashPassword(input.password);
      const at = now().toISOString();
      const userId = randomUUID();
      await db.transaction().execute(async (trx) => {
        // Claimed first, in the same transaction: parallel acceptances of one link find it used (409), never a duplicate account.
        if (!(await repository.claimInvitation(invitation.id, at, trx)))
          throw DomainError.conflict("staff.invitationUsed");
        if (await people.idByEmail(invitation.email, trx)) throw DomainError.field("", "staff.emailTaken");
        const user = {
          id: userId,
          email: invitation.email,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: passwordHash,
          role: invitation.role,
          at,
        };
        if (!(await people.createStaffUser(user, trx))) throw DomainError.field("", "staff.emailTaken");
        await repository.ensureAccount(userId, at, trx);
        await repository.setInvitationAcceptedBy(invitation.id, userId, trx);
        await audit.record(
          {
            actor: { id: userId, role: invitation.role },
            ip,
            action: "staff.accept_invitation",
            subject: { type: "staff", id: userId },
            after: { email: invitation.email, role: invitation.role },
            note: invitation.id,
          },
          trx,
        );
      });
      return auth.challenge({ id: userId, email: invitation.email, role: invitation.role }, false);
    },
  };
}
