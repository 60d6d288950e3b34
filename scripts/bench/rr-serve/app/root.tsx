import { Links, Meta, Outlet, Scripts } from "react-router";

declare const __BENCH_STYLESHEET__: string;

export default function Root() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {__BENCH_STYLESHEET__ ? <style dangerouslySetInnerHTML={{ __html: __BENCH_STYLESHEET__ }} /> : null}
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
