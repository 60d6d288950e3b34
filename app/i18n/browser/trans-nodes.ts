import { cloneElement, createElement, type ReactElement, type ReactNode } from "react";

const ENTITIES: Record<string, string> = {
  amp: "&",
  "#38": "&",
  lt: "<",
  "#60": "<",
  gt: ">",
  "#62": ">",
  apos: "'",
  "#39": "'",
  quot: '"',
  "#34": '"',
  nbsp: "\u00A0",
  "#160": "\u00A0",
  copy: "©",
  "#169": "©",
  reg: "®",
  "#174": "®",
  hellip: "…",
  "#8230": "…",
  "#x2F": "/",
  "#47": "/",
};

/** The entities react-i18next's <Trans> turns into characters in a message's text. */
function unescapeEntities(text: string): string {
  return text.replace(/&(#?\w+);/g, (match, name: string) => ENTITIES[name] ?? match);
}

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

/**
 * A message with named tags (`I agree to the <terms>terms</terms>`) as React nodes: each `<name>…</name>` (or
 * `<name/>`) becomes a copy of `components[name]` holding what the tags enclose, as react-i18next's <Trans> renders it.
 * Without a component, `br`, `strong`, `i` and `p` stay those elements and any other tag stays text, as there.
 */
export function transNodes(message: string, components: Record<string, ReactElement>): ReactNode[] {
  const root: { name: string; children: ReactNode[] } = { name: "", children: [] };
  const open = [root];
  let at = 0;
  const current = () => open[open.length - 1] ?? root;
  for (const match of message.matchAll(TAG)) {
    const [tag, closing, name = "", selfClosing] = match;
    if (match.index > at) current().children.push(unescapeEntities(message.slice(at, match.index)));
    at = match.index + tag.length;
    if (closing) {
      const done = open.length > 1 ? open.pop() : undefined;
      if (done)
        current().children.push(...element(done.name, done.children, components, current().children.length, false));
    } else if (selfClosing) current().children.push(...element(name, [], components, current().children.length, true));
    else open.push({ name, children: [] });
  }
  if (at < message.length) current().children.push(unescapeEntities(message.slice(at)));
  while (open.length > 1) {
    const unclosed = open.pop();
    if (unclosed) current().children.push(...unclosed.children);
  }
  return root.children;
}

const BASIC_ELEMENTS = ["br", "strong", "i", "p"];

function element(
  name: string,
  children: ReactNode[],
  components: Record<string, ReactElement>,
  key: number,
  selfClosing: boolean,
): ReactNode[] {
  const component = components[name];
  if (component) return [cloneElement(component, { key }, ...children)];
  if (BASIC_ELEMENTS.includes(name)) return [createElement(name, { key: `${name}-${key}` }, ...children)];
  return selfClosing ? [`<${name} />`] : [`<${name}>`, ...children, `</${name}>`];
}
