/** Whether `pathname` is the back office's (/admin…, /es/admin…): it has its own top bar, not the shop's header. */
export const isBackOffice = (pathname: string) => /^(\/es)?\/admin(\/|$)/.test(pathname);
