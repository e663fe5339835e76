// text/xml.ts: what XML 1.0 forbids becomes U+FFFD, markup is escaped, and the result is read by
// a parser; files/replace.ts: a planted symlink at the temporary name is never written through.
import { mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceFile, replaceFileSync } from '../../src/files';
import { isXmlText, xmlChars, xmlEscape } from '../../src/text/xml';
import { xmlProblem } from '../helpers/xml';

describe('xmlEscape', () => {
  it('replaces C0 controls, U+FFFE, U+FFFF and lone surrogates; keeps tab, newline, CR and pairs', () => {
    expect(xmlChars('a\x00b\x08c\x0bd\x1fe\ufffef\uffffg\ud800h\udfffi')).toBe('a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\ufffdg\ufffdh\ufffdi');
    expect(xmlChars('\t\n\r🚀\u{10ffff}\ud7ff\ue000\ufffd')).toBe('\t\n\r🚀\u{10ffff}\ud7ff\ue000\ufffd');
    // A high surrogate and a low one in the wrong order are two lone ones.
    expect(xmlChars('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(isXmlText('ok\n')).toBe(true);
    expect(isXmlText('\ufffe')).toBe(false);
  });

  it('escapes markup and makes the text inert: an element read back holds what was meant', () => {
    const evil = `<a href="x">'&'</a>\x1b]0;t\x07\ufffe\ud83d`;
    const text = xmlEscape(evil);
    expect(text).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\ufffd\ufffd');
    expect(xmlProblem(`<?xml version="1.0"?><r a="${text}">${text}</r>`)).toBeNull();
  });
});

describe('replaceFile', () => {
  it('never writes through a symlink at its temporary name, and leaves it where it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-replace-'));
    const file = join(dir, 'out.xml');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    // This process's next temporary names (a counter from 1; this file writes nothing else first).
    for (let n = 1; n <= 4; n++) symlinkSync(victim, `${file}.${process.pid}.${n}.tmp`);
    await expect(replaceFile(file, 'new')).rejects.toThrow(/out\.xml\.\d+\.1\.tmp is already there \(sitedeck did not make it/);
    expect(() => replaceFileSync(file, 'new')).toThrow(/out\.xml\.\d+\.2\.tmp is already there/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(4);
    // The next name is free: written whole, nothing left beside it but the planted links.
    for (let n = 3; n <= 4; n++) await expect(replaceFile(file, 'x')).rejects.toThrow(/already there/);
    await replaceFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toHaveLength(4);
  });

  it('leaves the file as it was when the check before the rename refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitedeck-replace-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, 'old');
    await expect(replaceFile(file, 'new', { beforeRename: () => Promise.reject(new Error('not now')) })).rejects.toThrow('not now');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
