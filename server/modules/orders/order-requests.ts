import type { z } from "zod";
import { ATTACHMENT_MAX_BYTES, type attachmentSchema } from "../../../contract/order-lifecycle";
import { DomainError } from "../../platform/domain-error";
import type { Delivery } from "./order-files";
import type { Actor } from "./order-lifecycle";

/** The signed-in caller of a guarded route (platform/route-group.ts) as an actor of the lifecycle. */
export function actorOf({ user, ip }: { user: { id: string; role: Actor["role"] }; ip: string }): Actor {
  return { id: user.id, role: user.role, ip };
}

/** Decodes base64 attachments, refusing (400, named field) one past the size limit. */
export function decodeAttachments(
  attachments: Array<z.output<typeof attachmentSchema>>,
  field = "attachments",
  max = ATTACHMENT_MAX_BYTES,
): Delivery[] {
  return attachments.map((attachment, index) => {
    const content = Buffer.from(attachment.contentBase64, "base64");
    if (content.length > max) {
      throw DomainError.field(`${field}[${index}].contentBase64`, "orders.attachmentTooLarge", {
        max: `${Math.round(max / 1024 / 1024)} MB`,
      });
    }
    return { fileName: attachment.fileName, content };
  });
}
