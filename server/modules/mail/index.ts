/** The mail module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createMailModule, type MailModule, type MailModuleDeps } from "./mail-module";
export {
  createMailService,
  type AttachmentRenderer,
  type MailAttachment,
  type MailMessage,
  type MailService,
  type OutgoingMail,
  type RenderedAttachment,
  type TemplatedMail,
} from "./mail.service";
export type { OrderUpdateData, OrderUpdateKind } from "./templates/order-update";
