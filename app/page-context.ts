import type { PageContext } from "../common/page-context";

declare module "react-router" {
  interface AppLoadContext extends PageContext {
    [key: string]: unknown;
  }
}
