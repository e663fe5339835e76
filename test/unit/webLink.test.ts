// Only web links leave sitedeck for a browser or the clipboard (issue 38, finding 3): what a
// server may send as a domain or a report's URL, and what `o` and `y` make of it.
import { describe, expect, it } from 'vitest';
import { opener } from '../../src/ui/outside/browser';
import { webLink } from '../../src/text/url';

describe('webLink', () => {
  it('a domain becomes https://domain; http(s) links stay; a host with a port is a host', () => {
    expect(webLink('shop.example')).toEqual({ ok: true, link: 'https://shop.example', href: 'https://shop.example/' });
    expect(webLink(' http://shop.example/a?b=1&c=2 ')).toEqual({ ok: true, link: 'http://shop.example/a?b=1&c=2', href: 'http://shop.example/a?b=1&c=2' });
    expect(webLink('localhost:8080/x')).toMatchObject({ ok: true, href: 'https://localhost:8080/x' });
    expect(webLink('HTTPS://Shop.Example')).toMatchObject({ ok: true, href: 'https://shop.example/' });
  });

  it('a host is a name or an address: punctuation the parser keeps in a host is refused (found by the fuzz test)', () => {
    expect(webLink("https://'/")).toEqual({ ok: false, why: 'its host is not a host name or an IP address' });
    expect(webLink("a'b.example")).toMatchObject({ ok: false });
    expect(webLink('https://[::1]:8080/x')).toMatchObject({ ok: true, href: 'https://[::1]:8080/x' });
    expect(webLink('https://bücher.example/')).toMatchObject({ ok: true, href: 'https://xn--bcher-kva.example/' });
    expect(webLink('my_host.internal')).toMatchObject({ ok: true });
  });

  it('refuses every other scheme in words', () => {
    for (const [name, scheme] of [
      ['file:///etc/passwd', 'file'],
      ['javascript://%0aalert(1)', 'javascript'],
      ['javascript:alert(1)', 'javascript'],
      ['smb://attacker.example/share', 'smb'],
      ['ssh://-oProxyCommand=touch%20/tmp/x', 'ssh'],
      ['vscode://file/etc/passwd', 'vscode'],
      ['mailto:someone@example.com', 'mailto'],
      ['data:text/html,<script>', 'data'],
    ]) {
      expect(webLink(name)).toEqual({ ok: false, why: `it is a ${scheme}: link, and only http and https links are opened or copied` });
    }
  });

  it('refuses a host starting with "-", a link that does not parse, and one with no host', () => {
    expect(webLink('-oProxyCommand=x')).toEqual({ ok: false, why: 'its host starts with "-", which a program would read as an option' });
    expect(webLink('https://-oProxyCommand=x')).toMatchObject({ ok: false, why: expect.stringContaining('starts with "-"') });
    expect(webLink('docs.example.com\x1b[201~\r\ntouch /tmp/x')).toEqual({
      ok: false,
      why: 'it is not a web address (it does not parse as an http or https URL)',
    });
    expect(webLink('https:/shop.example')).toMatchObject({ ok: false, why: expect.stringContaining('not a web address') });
    expect(webLink('https://')).toMatchObject({ ok: false });
    expect(webLink('  ')).toEqual({ ok: false, why: 'it has no name to make a link of' });
  });

  it('the href an opener gets is ASCII with no blank, quote or shell character left bare but & (no shell reads it)', () => {
    const r = webLink('https://shop.example/a b"c\'d`e$(f)?q="x"&y=\'z\'');
    expect(r.ok && r.href).toBe("https://shop.example/a%20b%22c'd%60e$(f)?q=%22x%22&y=%27z%27");
    const idn = webLink('münchen.example/ä');
    expect(idn.ok && idn.href).toBe('https://xn--mnchen-3ya.example/%C3%A4');
  });
});

describe('opener', () => {
  it('on Windows: rundll32 url.dll,FileProtocolHandler, the URL one argument, no cmd.exe', () => {
    expect(opener({}, 'win32')).toEqual({ cmd: 'rundll32', args: ['url.dll,FileProtocolHandler'], how: 'the default browser' });
    expect(opener({ DISPLAY: ':0' }, 'linux')).toMatchObject({ cmd: 'xdg-open', args: [] });
    expect(opener({ BROWSER: ' firefox ' }, 'win32')).toMatchObject({ cmd: 'firefox', args: [] });
  });
});
