// One reading of a web address (src/text/webUrl.ts): a base URL (parseBaseUrl), a report's URL
// (validateWrite) and a link opened or copied (webLink) agree on the host rule. Each case goes
// through all three: where the host rule refuses, all three refuse and say the same words; where it
// passes, each refuses only by its own rule (a report's URL is written whole, with a dotted name or
// an address; a base URL typed bare must look like a host).
import { describe, expect, it } from 'vitest';
import { parseBaseUrl, REPORTS, validateWrite } from '../../src/domain';
import { webLink } from '../../src/text/url';
import { hostProblem, hostWords, parseWebUrl, type HostProblem } from '../../src/text/webUrl';

type Verdict = 'ok' | 'no';
/** [what is typed, the host rule's answer (or the parse's, before any host), base URL, report URL, link] */
type Row = [string, HostProblem | 'ok' | 'unparsable' | 'scheme' | 'slashes', Verdict, Verdict, Verdict];

const ROWS: Row[] = [
  ['https://example.com/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://-foo.com/x', 'dash', 'no', 'no', 'no'],
  ['https://foo-.com/x', 'hyphen', 'no', 'no', 'no'],
  ['https://a.-b.com/x', 'hyphen', 'no', 'no', 'no'],
  [`https://${'a'.repeat(64)}.com/x`, 'name', 'no', 'no', 'no'],
  ['https://a"b.com/x', 'name', 'no', 'no', 'no'],
  ["https://a'b.com/x", 'name', 'no', 'no', 'no'],
  ['https://.example.com/x', 'name', 'no', 'no', 'no'],
  ['https://example.com../x', 'name', 'no', 'no', 'no'],
  // One trailing dot is a fully qualified name, as in DNS.
  ['https://example.com./x', 'ok', 'ok', 'ok', 'ok'],
  // Userinfo is not the host: the host after it is what the rule reads (and maskUrl hides the password).
  ['https://user:pw@example.com/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://example.com@-evil.example/x', 'dash', 'no', 'no', 'no'],
  ['https://[::1]/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://[::1]:8080/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://bücher.de/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://xn--bcher-kva.de/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://127.0.0.1/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://example.com:0/x', 'port', 'no', 'no', 'no'],
  ['https://example.com:65535/x', 'ok', 'ok', 'ok', 'ok'],
  ['https://example.com:65536/x', 'unparsable', 'no', 'no', 'no'],
  ['  https://example.com/x  ', 'ok', 'ok', 'ok', 'ok'],
  ['https://exa mple.com/x', 'unparsable', 'no', 'no', 'no'],
  ['https://example.com/a b', 'ok', 'ok', 'ok', 'ok'],
  ['https:\\\\example.com\\x', 'slashes', 'no', 'no', 'no'],
  ['https:example.com/x', 'slashes', 'no', 'no', 'no'],
  ['javascript:alert(1)', 'scheme', 'no', 'no', 'no'],
  ['javascript://example.com/%0aalert(1)', 'scheme', 'no', 'no', 'no'],
  ['ftp://example.com/x', 'scheme', 'no', 'no', 'no'],
  // Own rules: a report's URL is written whole, on a dotted name or an address; a base URL typed bare looks like a host.
  ['example.com/x', 'ok', 'ok', 'no', 'ok'],
  ['https://localhost/x', 'ok', 'ok', 'no', 'ok'],
  ['https://stats/x', 'ok', 'ok', 'no', 'ok'],
  ['stats', 'ok', 'no', 'no', 'ok'],
];

const verdicts = (text: string) => {
  const base = parseBaseUrl(text);
  const report = validateWrite(REPORTS, 'create', { url: text });
  const link = webLink(text);
  return {
    got: [base.ok ? 'ok' : 'no', report.ok ? 'ok' : 'no', link.ok ? 'ok' : 'no'],
    words: [base.ok ? '' : base.error, report.ok ? '' : report.errors.url.join(' '), link.ok ? '' : link.why],
  };
};

describe('one host rule for base URLs, report URLs and links', () => {
  it.each(ROWS)('%j: the rule says %s; base %s, report %s, link %s', (text, rule, base, report, link) => {
    const parsed = parseWebUrl(text, { bare: 'https', bareUserinfo: false });
    const said = parsed.ok ? 'ok' : parsed.problem.kind === 'host' ? parsed.problem.host : parsed.problem.kind;
    expect(said).toBe(rule);
    const { got, words } = verdicts(text);
    expect(got).toEqual([base, report, link]);
    // A host the rule refuses is refused by all three in the same words.
    if (!parsed.ok && parsed.problem.kind === 'host') for (const w of words) expect(w).toContain(hostWords(parsed.problem.host));
  });

  it('the three agree wherever the host rule decides: every host it refuses, all refuse; every one it takes, a link takes', () => {
    for (const [text] of ROWS) {
      const parsed = parseWebUrl(text, { bare: 'https', bareUserinfo: false });
      const { got } = verdicts(text);
      if (!parsed.ok) expect(got).toEqual(['no', 'no', 'no']);
      else expect(got[2]).toBe('ok');
    }
  });

  it('a base URL may carry credentials typed bare (user:pass@host:1); a link reads user: as a scheme, as mailto: is one', () => {
    expect(parseBaseUrl('user:s3cret@127.0.0.1:1')).toMatchObject({ ok: true });
    expect(webLink('user:s3cret@127.0.0.1:1')).toEqual({ ok: false, why: 'it is a user: link, and only http and https links are opened or copied' });
    expect(webLink('mailto:someone@example.com')).toMatchObject({ ok: false, why: expect.stringContaining('mailto: link') });
    expect(parseBaseUrl('javascript:alert(1)')).toEqual({ ok: false, error: '"javascript:alert(1)" must start with http:// or https://' });
  });

  it('a refusal quotes the base URL with its password masked', () => {
    expect(parseBaseUrl('https://ann:hunter2@-stats.example')).toEqual({
      ok: false,
      error: '"https://ann:••••@-stats.example" is not a valid URL: its host starts with "-"',
    });
  });

  it('hostProblem reads the host as the URL parser leaves it', () => {
    expect(hostProblem(new URL('https://BÜCHER.de'))).toBeUndefined();
    expect(hostProblem(new URL('https://my_host.internal'))).toBeUndefined();
    expect(hostProblem(new URL(`https://${'a.'.repeat(127)}b`))).toBe('name');
  });
});
