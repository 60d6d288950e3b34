/**
 * Remembers `fn`'s answer for each text it was asked about: for parsers of request headers that clients send in a
 * handful of spellings (Accept-Language, Accept-Encoding). Bounded: past `max` texts it forgets them all and starts
 * again, so a client sending a new spelling each time costs no more than no memo.
 */
export function memoByText<T>(fn: (text: string) => T, max = 256): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    const found = known.get(text);
    if (found !== undefined || known.has(text)) return found as T;
    if (known.size >= max) known.clear();
    const answer = fn(text);
    known.set(text, answer);
    return answer;
  };
}
