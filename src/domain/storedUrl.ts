// A page's URL as the SEO host stores it, so that a page of a sitemap and the report of it compare
// equal: the host's cleanUrl() takes away the scheme and a `www.` after it, and the "/" of a bare
// host (https://www.Example.com/ → Example.com). Host names do not care about case, so the host
// part is compared in lower case; the path stays as written (the host keeps it so).

/** `https://www.example.com/a` → `example.com/a`: the key a page and its report share. */
export function storedUrl(url: string): string {
  const m = /^(?:https?:\/\/)?(?:www\.)?([^/?#]*)(.*)$/is.exec(url.trim());
  if (!m) return url;
  const host = m[1].toLowerCase();
  const rest = m[2] === '/' ? '' : m[2];
  return host + rest;
}
