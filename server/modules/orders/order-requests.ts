import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { ATTACHMENT_MAX_BYTES, type attachmentSchema } from "../../../contract/order-lifecycle";
import { DomainError } from "../../platform/domain-error";
import type { Delivery } from "./order-files";
import type { Actor } from "./order-lifecycle";

/** The signed-in caller as an actor of the lifecycle (the route's guard has checked there is one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw DomainError.unauthenticated();
  return { id: request.user.id, role: request.user.role, ip: request.ip };
}

/** Decodes base64 attachments, refusing (400, named field) one past the size limit. */
export function decodeAttachments(attachments: Array<z.output<typeof attachmentSchema>>, field = "attachments", max = ATTACHMENT_MAX_BYTES): Delivery[] {
  return attachments.map((attachment, index) => {
    const content = Buffer.from(attachment.contentBase64, "base64");
    if (content.length > max) {
      throw DomainError.field(`${field}[${index}].contentBase64`, "orders.attachmentTooLarge", { max: `${Math.round(max / 1024 / 1024)} MB` });
    }
    return { fileName: attachment.fileName, content };
  });
}
