/** Links in the text lead to web pages only: no `javascript:`, `data:`, `mailto:` or addresses without a scheme. */
export function webAddressOf(typed: string): string | undefined {
  const text = typed.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
