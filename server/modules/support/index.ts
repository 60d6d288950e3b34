/** The support module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export {
  createSupportDeskModule,
  createSupportModule,
  type SupportDeskModule,
  type SupportDeskModuleDeps,
  type SupportModule,
  type SupportModuleDeps,
} from "./support-module";
export { createSupportService, type SupportService } from "./support.service";
export { createSupportRepository } from "./support.repository";
export { referencePrefix, ticketReference } from "./ticket-reference";
export type { SavedReplies } from "./saved-replies";
export { createSupportDeskService, customerTickets, type SupportDeskService } from "./support-desk.service";
export { createSupportDeskRepository } from "./support-desk.repository";
