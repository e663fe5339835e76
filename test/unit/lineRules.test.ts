// The analytics host's line rules (src/domain/lineRules.ts): each line of exclude_ips an IPv4 or
// IPv6 address or CIDR range as Symfony's IpUtils::checkIp reads it, each line of exclude_params a
// parameter's name or `&`; what the host would match nothing against is said by its line.
import { describe, expect, it } from 'vitest';
import { lineProblems } from '../../src/domain/lineRules';
import { validateWrite, WEBSITES } from '../../src/domain';

const ipOk = (text: string) => expect(lineProblems('ipLines', text), JSON.stringify(text)).toEqual([]);

describe('exclude_ips lines', () => {
  it.each([
    ['1.2.3.4'],
    ['0.0.0.0'],
    ['255.255.255.255'],
    ['10.0.0.0/8'],
    ['1.2.3.4/0'],
    ['1.2.3.4/32'],
    ['::1'],
    ['2001:db8::1'],
    ['::ffff:1.2.3.4'],
    ['2001:db8::/32'],
    ['::/0'],
    ['2001:db8::/128'],
  ])('%s is an address or range', (line) => ipOk(line));

  it.each([
    ['999.1.1.1', 'line 1: 999.1.1.1 is not an IPv4 or IPv6 address or CIDR range'],
    ['1.2.3', 'line 1: 1.2.3 is not an IPv4 or IPv6 address or CIDR range'],
    ['not-an-ip', 'line 1: not-an-ip is not an IPv4 or IPv6 address or CIDR range'],
    ['01.2.3.4', 'line 1: 01.2.3.4 is not an IPv4 or IPv6 address or CIDR range'],
    ['2001:db8:::1', 'line 1: 2001:db8:::1 is not an IPv4 or IPv6 address or CIDR range'],
    // A zone is Node's, not the host's inet_pton.
    ['fe80::1%eth0', 'line 1: fe80::1%eth0 is not an IPv4 or IPv6 address or CIDR range'],
    ['10.0.0.0/33', 'line 1: 10.0.0.0/33 is not a CIDR range: an IPv4 range ends in /0 to /32'],
    ['10.0.0.0/', 'line 1: 10.0.0.0/ is not a CIDR range: an IPv4 range ends in /0 to /32'],
    ['10.0.0.0/-1', 'line 1: 10.0.0.0/-1 is not a CIDR range: an IPv4 range ends in /0 to /32'],
    ['10.0.0.0/8/8', 'line 1: 10.0.0.0/8/8 is not a CIDR range: an IPv4 range ends in /0 to /32'],
    ['2001:db8::/129', 'line 1: 2001:db8::/129 is not a CIDR range: an IPv6 range ends in /0 to /128'],
    ['/24', 'line 1: /24 is not an IPv4 or IPv6 address or CIDR range'],
  ])('%s is refused by its line', (line, words) => expect(lineProblems('ipLines', line)).toEqual([words]));

  it('a comma, a semicolon or a space inside a line is offered as one per line', () => {
    expect(lineProblems('ipLines', '1.2.3.4, 5.6.7.8')).toEqual(['line 1: "1.2.3.4, 5.6.7.8" holds a comma: one per line? (put each address on its own line)']);
    expect(lineProblems('ipLines', '1.2.3.4;5.6.7.8')[0]).toMatch(/holds a semicolon: one per line\?/);
    expect(lineProblems('ipLines', '1.2.3.4 5.6.7.8')[0]).toMatch(/holds a space: one per line\?/);
  });

  it('spaces around a line and blank lines are the host dropping nothing: lines are numbered as written', () => {
    ipOk('  1.2.3.4  \n\n\t10.0.0.0/8\r\n');
    expect(lineProblems('ipLines', '1.2.3.4\n\n  999.1.1.1 \n::1')).toEqual(['line 3: 999.1.1.1 is not an IPv4 or IPv6 address or CIDR range']);
    ipOk('');
  });

  it('many bad lines: three said, the rest counted', () => {
    const said = lineProblems('ipLines', Array.from({ length: 500 }, (_, i) => `bad${i}`).join('\n'));
    expect(said).toHaveLength(4);
    expect(said[2]).toBe('line 3: bad2 is not an IPv4 or IPv6 address or CIDR range');
    expect(said[3]).toBe('497 more lines like these');
  });

  it('a line from a terminal is quoted cleaned and bounded', () => {
    const [said] = lineProblems('ipLines', `\u001b[31m${'9'.repeat(5000)}`);
    expect(said).not.toContain('\u001b');
    expect(said.length).toBeLessThan(200);
  });
});

describe('exclude_params lines', () => {
  it.each([['utm_source'], ['&'], ['fbclid\ngclid'], ['a-b.c[]']])('%s names parameters', (text) => expect(lineProblems('paramLines', text)).toEqual([]));

  it.each([
    ['utm_source, utm_medium', 'line 1: "utm_source, utm_medium" holds a comma: one per line? (put each parameter on its own line)'],
    ['utm_source&gclid', 'line 1: "utm_source&gclid" holds &: one parameter per line (a line & alone excludes every parameter)'],
    ['utm_source=google', "line 1: utm_source=google is not a parameter's name: write utm_source alone"],
    ['?utm_source', "line 1: ?utm_source is not a parameter's name: write utm_source alone"],
    ['=x', "line 1: =x is not a parameter's name"],
  ])('%s is refused by its line', (text, words) => expect(lineProblems('paramLines', text)).toEqual([words]));
});

describe('the field table names the rule', () => {
  it("a write is refused in the field's words, naming each line", () => {
    expect(validateWrite(WEBSITES, 'update', { exclude_ips: '1.2.3.4\n999.1.1.1' })).toEqual({
      ok: false,
      errors: { exclude_ips: ['Exclude IPs, line 2: 999.1.1.1 is not an IPv4 or IPv6 address or CIDR range.'] },
    });
    expect(validateWrite(WEBSITES, 'create', { domain: 'a.example', exclude_params: 'utm_source=x' })).toEqual({
      ok: false,
      errors: { exclude_params: ["Exclude params, line 1: utm_source=x is not a parameter's name: write utm_source alone."] },
    });
    expect(validateWrite(WEBSITES, 'update', { exclude_ips: '10.0.0.0/8\n2001:db8::/32', exclude_params: '&' })).toEqual({
      ok: true,
      values: { exclude_ips: '10.0.0.0/8\n2001:db8::/32', exclude_params: '&' },
    });
    // Empty clears: no line, nothing to refuse.
    expect(validateWrite(WEBSITES, 'update', { exclude_ips: '' })).toEqual({ ok: true, values: { exclude_ips: '' } });
  });

  it("each field's help says its rule", () => {
    const help = (name: string) => WEBSITES.fields.find((f) => f.name === name)!.help;
    expect(help('exclude_ips')).toMatch(/IPv4 or IPv6 address or a CIDR range/);
    expect(help('exclude_params')).toMatch(/& alone excludes every parameter/);
  });
});
