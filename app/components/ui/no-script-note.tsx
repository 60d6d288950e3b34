/**
 * What a browser without JavaScript reads instead of a control that cannot work there: why, and where to go instead.
 * Inside <noscript>, so a browser that runs the page's script never shows it.
 */
export function NoScriptNote({ text, href, linkText, className, testId }: { text: string; href: string; linkText: string; className?: string; testId?: string }) {
  return (
    <noscript>
      <p className={className} data-testid={testId}>
        {text}{" "}
        <a href={href} className="text-link">
          {linkText}
        </a>
      </p>
    </noscript>
  );
}
