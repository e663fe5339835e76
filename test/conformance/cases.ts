// The requests the conformance suite sends, in order, to both servers: each server starts with
// SEEDED.websites seeded websites (enough pages for Laravel's page slider) and SEEDED.reports
// seeded reports, and the writes here change both the same way.

import type { Request } from './exchange';

export const SEEDED = { websites: 300, reports: 30 };
const NEW_WEB = SEEDED.websites + 1;
const NEW_REP = SEEDED.reports + 1;

const WEB = '/public/api/v1/websites';
const REP = '/api/v1/reports';

const list = (host: Request['host'], path: string, name: string, query: [string, string][], filtered = false): Request => ({
  name,
  host,
  method: 'GET',
  path,
  query,
  seeded: true,
  filtered,
});

const websiteLists: Request[] = [
  list('analytics', WEB, 'websites list, defaults', []),
  list('analytics', WEB, 'websites list, page 2', [['page', '2']]),
  list('analytics', WEB, 'websites list, per_page 25', [['per_page', '25']]),
  list('analytics', WEB, 'websites list, per_page 10 page 3', [
    ['per_page', '10'],
    ['page', '3'],
  ]),
  list('analytics', WEB, 'websites list, page 8 (slider)', [['page', '8']]),
  list('analytics', WEB, 'websites list, page 25 (near the end)', [['page', '25']]),
  list('analytics', WEB, 'websites list, last page', [['page', '30']]),
  list('analytics', WEB, 'websites list, sort_by domain asc', [
    ['sort_by', 'domain'],
    ['sort', 'asc'],
  ]),
  list(
    'analytics',
    WEB,
    'websites list, every parameter',
    [
      ['search', 'e'],
      ['search_by', 'domain'],
      ['sort_by', 'id'],
      ['sort', 'desc'],
      ['per_page', '10'],
      ['page', '1'],
    ],
    true,
  ),
  list('analytics', WEB, 'websites list, search matching nothing', [['search', 'zzzz-nothing']], true),
  list('analytics', WEB, 'websites list, per_page 7', [['per_page', '7']]),
  list('analytics', WEB, 'websites list, per_page abc', [['per_page', 'abc']]),
  list('analytics', WEB, 'websites list, per_page 1000', [['per_page', '1000']]),
  list('analytics', WEB, 'websites list, sort_by bogus', [['sort_by', 'bogus']]),
  list('analytics', WEB, 'websites list, sort sideways', [['sort', 'sideways']]),
  list(
    'analytics',
    WEB,
    'websites list, search_by bogus',
    [
      ['search', 'e'],
      ['search_by', 'bogus'],
    ],
    true,
  ),
  list('analytics', WEB, 'websites list, page 0', [['page', '0']]),
  list('analytics', WEB, 'websites list, page -1', [['page', '-1']]),
  list('analytics', WEB, 'websites list, page abc', [['page', 'abc']]),
  list('analytics', WEB, 'websites list, page 99 past the end', [['page', '99']]),
  list('analytics', WEB, 'websites list, empty parameters', [
    ['search', ''],
    ['per_page', ''],
    ['sort', ''],
  ]),
];

const reportLists: Request[] = [
  list('seo', REP, 'reports list, defaults', []),
  list('seo', REP, 'reports list, page 2', [['page', '2']]),
  list('seo', REP, 'reports list, per_page 10', [['per_page', '10']]),
  list('seo', REP, 'reports list, sort_by result asc', [
    ['sort_by', 'result'],
    ['sort', 'asc'],
  ]),
  list('seo', REP, 'reports list, sort_by generated_at', [['sort_by', 'generated_at']]),
  list('seo', REP, 'reports list, sort_by url', [['sort_by', 'url']]),
  list(
    'seo',
    REP,
    'reports list, every parameter',
    [
      ['search', 'e'],
      ['search_by', 'url'],
      ['project', 'example.com'],
      ['result', 'good'],
      ['sort_by', 'id'],
      ['sort', 'asc'],
      ['per_page', '50'],
      ['page', '1'],
    ],
    true,
  ),
  list('seo', REP, 'reports list, search with scheme', [['search', 'https://www.a']], true),
  list('seo', REP, 'reports list, result good', [['result', 'good']], true),
  list('seo', REP, 'reports list, result decent', [['result', 'decent']], true),
  list('seo', REP, 'reports list, result bad', [['result', 'bad']], true),
  list('seo', REP, 'reports list, result bogus', [['result', 'bogus']], true),
  list('seo', REP, 'reports list, project unknown', [['project', 'nothing.example']], true),
  list('seo', REP, 'reports list, per_page 30', [['per_page', '30']]),
  list('seo', REP, 'reports list, sort_by bogus sort bogus', [
    ['sort_by', 'bogus'],
    ['sort', 'bogus'],
  ]),
  list('seo', REP, 'reports list, page 2 per_page 100', [
    ['page', '2'],
    ['per_page', '100'],
  ]),
];

const key = (r: Omit<Request, 'method'> & { method?: string }): Request => ({ method: 'GET', ...r });

const websiteRecords: Request[] = [
  key({ name: 'websites show', host: 'analytics', path: `${WEB}/1`, seeded: true }),
  key({ name: 'websites show unknown id', host: 'analytics', path: `${WEB}/99999` }),
  key({ name: 'websites show non-numeric id', host: 'analytics', path: `${WEB}/abc` }),
  key({ name: 'websites store', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-one.example' } }),
  key({
    name: 'websites store every field',
    host: 'analytics',
    method: 'POST',
    path: WEB,
    form: {
      domain: 'conformance-two.example',
      privacy: '2',
      password: 'secret-pw',
      email: '1',
      exclude_bots: '0',
      exclude_params: 'utm_source',
      exclude_ips: '10.0.0.1\n10.0.0.2',
    },
  }),
  key({ name: 'websites store with scheme and www.', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'https://www.Conformance-Four.example' } }),
  key({ name: 'websites store with a path', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-five.example/path' } }),
  key({ name: 'websites store an IP address', host: 'analytics', method: 'POST', path: WEB, form: { domain: '192.0.2.10' } }),
  key({ name: 'websites store duplicate', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-one.example' } }),
  key({ name: 'websites store without domain', host: 'analytics', method: 'POST', path: WEB, form: { privacy: '1' } }),
  key({ name: 'websites store bad domain', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'not a domain' } }),
  key({ name: 'websites store privacy 7', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-three.example', privacy: '7' } }),
  key({ name: 'websites store privacy abc', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-three.example', privacy: 'abc' } }),
  key({
    name: 'websites store privacy 2 without password',
    host: 'analytics',
    method: 'POST',
    path: WEB,
    form: { domain: 'conformance-three.example', privacy: '2' },
  }),
  key({ name: 'websites store email abc', host: 'analytics', method: 'POST', path: WEB, form: { domain: 'conformance-three.example', email: 'abc' } }),
  key({
    name: 'websites store exclude_bots 3',
    host: 'analytics',
    method: 'POST',
    path: WEB,
    form: { domain: 'conformance-three.example', exclude_bots: '3' },
  }),
  key({
    name: 'websites store long password',
    host: 'analytics',
    method: 'POST',
    path: WEB,
    form: { domain: 'conformance-three.example', privacy: '2', password: 'x'.repeat(300) },
  }),
  key({ name: 'websites update one field', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { email: '1' } }),
  key({ name: 'websites update privacy 2 without password', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { privacy: '2' } }),
  key({
    name: 'websites update several fields',
    host: 'analytics',
    method: 'PUT',
    path: `${WEB}/${NEW_WEB}`,
    form: { privacy: '0', exclude_bots: '0', exclude_ips: '1.2.3.4' },
  }),
  key({ name: 'websites update privacy 9', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { privacy: '9' } }),
  key({ name: 'websites update unknown id', host: 'analytics', method: 'PUT', path: `${WEB}/99999`, form: { email: '1' } }),
  key({ name: 'websites update clearing email and IPs', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { email: '', exclude_ips: '' } }),
  key({ name: 'websites update empty privacy', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { privacy: '' } }),
  key({ name: 'websites update empty exclude_bots', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { exclude_bots: '' } }),
  key({
    name: 'websites update password with privacy 2',
    host: 'analytics',
    method: 'PUT',
    path: `${WEB}/${NEW_WEB}`,
    form: { privacy: '2', password: 'pw-9' },
  }),
  key({ name: 'websites update email 5', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, form: { email: '5' } }),
  key({ name: 'websites update unknown id, bad value', host: 'analytics', method: 'PUT', path: `${WEB}/99999`, form: { privacy: '9' } }),
  key({ name: 'websites update non-numeric id', host: 'analytics', method: 'PATCH', path: `${WEB}/abc`, form: { email: '0' } }),
  key({ name: 'websites show after updates', host: 'analytics', path: `${WEB}/${NEW_WEB}` }),
  key({ name: 'websites delete', host: 'analytics', method: 'DELETE', path: `${WEB}/${NEW_WEB + 1}` }),
  key({ name: 'websites delete again', host: 'analytics', method: 'DELETE', path: `${WEB}/${NEW_WEB + 1}` }),
  key({
    name: 'websites store, JSON body',
    host: 'analytics',
    method: 'POST',
    path: WEB,
    json: { domain: 'conformance-json.example', privacy: 0, email: 1, exclude_ips: ' 10.1.1.1 ' },
  }),
  key({ name: 'websites update, JSON body', host: 'analytics', method: 'PUT', path: `${WEB}/${NEW_WEB}`, json: { exclude_bots: 0, email: '' } }),
  key({ name: 'reports update, JSON body', host: 'seo', method: 'PUT', path: `${REP}/1`, json: { privacy: 2, password: 'pw' }, seeded: true }),
  key({ name: 'websites delete unknown id', host: 'analytics', method: 'DELETE', path: `${WEB}/99999` }),
];

const reportRecords: Request[] = [
  key({ name: 'reports show', host: 'seo', path: `${REP}/1`, seeded: true }),
  key({ name: 'reports show unknown id', host: 'seo', path: `${REP}/99999` }),
  key({ name: 'reports store', host: 'seo', method: 'POST', path: REP, form: { url: 'https://www.conformance.example/pricing' } }),
  key({
    name: 'reports store with privacy',
    host: 'seo',
    method: 'POST',
    path: REP,
    form: { url: 'http://conformance.example/', privacy: '2', password: 'pw-1234' },
  }),
  key({ name: 'reports store privacy abc', host: 'seo', method: 'POST', path: REP, form: { url: 'https://conformance.example/b', privacy: 'abc' } }),
  key({ name: 'reports store without url', host: 'seo', method: 'POST', path: REP, form: { privacy: '1' } }),
  key({ name: 'reports store bad url', host: 'seo', method: 'POST', path: REP, form: { url: 'not a url' } }),
  key({ name: 'reports store unresolvable host', host: 'seo', method: 'POST', path: REP, form: { url: 'https://nowhere.invalid/' } }),
  key({ name: 'reports store privacy 5', host: 'seo', method: 'POST', path: REP, form: { url: 'https://conformance.example/a', privacy: '5' } }),
  key({
    name: 'reports store privacy 2 without password',
    host: 'seo',
    method: 'POST',
    path: REP,
    form: { url: 'https://conformance.example/a', privacy: '2' },
  }),
  key({ name: 'reports update privacy', host: 'seo', method: 'PUT', path: `${REP}/${NEW_REP}`, form: { privacy: '1' } }),
  key({ name: 'reports update re-run', host: 'seo', method: 'PUT', path: `${REP}/${NEW_REP}`, form: { results: '1' } }),
  key({ name: 'reports update privacy 2 without password', host: 'seo', method: 'PUT', path: `${REP}/${NEW_REP}`, form: { privacy: '2' } }),
  key({ name: 'reports update privacy 9', host: 'seo', method: 'PUT', path: `${REP}/${NEW_REP}`, form: { privacy: '9' } }),
  key({ name: 'reports update unknown id', host: 'seo', method: 'PUT', path: `${REP}/99999`, form: { privacy: '1' } }),
  key({ name: 'reports update unknown id, bad value', host: 'seo', method: 'PUT', path: `${REP}/99999`, form: { privacy: '9' } }),
  key({ name: 'reports update unknown id, re-run', host: 'seo', method: 'PUT', path: `${REP}/99999`, form: { results: '1' } }),
  key({ name: 'reports update by PATCH', host: 'seo', method: 'PATCH', path: `${REP}/${NEW_REP}`, form: { privacy: '0' } }),
  key({ name: 'reports show after updates', host: 'seo', path: `${REP}/${NEW_REP}` }),
  key({ name: 'reports delete', host: 'seo', method: 'DELETE', path: `${REP}/${NEW_REP + 1}` }),
  key({ name: 'reports delete unknown id', host: 'seo', method: 'DELETE', path: `${REP}/99999` }),
];

const routing: Request[] = [
  key({ name: 'unknown api path', host: 'analytics', path: '/public/api/v1/nothing' }),
  key({ name: 'unknown api path below a record', host: 'analytics', path: `${WEB}/1/more` }),
  key({ name: 'unknown api path, POST', host: 'analytics', method: 'POST', path: '/public/api/v1/nothing' }),
  key({ name: 'unknown reports path', host: 'seo', path: '/api/v1/nothing' }),
  key({ name: 'websites list without the base path', host: 'analytics', path: '/api/v1/websites', seeded: true }),
  key({ name: 'web path, JSON', host: 'analytics', path: '/nothing' }),
  key({ name: 'web path, HTML', host: 'analytics', path: '/nothing', accept: null }),
  key({ name: 'api prefix alone', host: 'seo', path: '/api/v1' }),
  key({ name: 'login page, POST', host: 'analytics', method: 'POST', path: '/login' }),
  key({ name: 'websites list, PATCH', host: 'analytics', method: 'PATCH', path: WEB }),
  key({ name: 'websites list, DELETE', host: 'analytics', method: 'DELETE', path: WEB }),
  key({ name: 'websites record, POST', host: 'analytics', method: 'POST', path: `${WEB}/1` }),
  key({ name: 'reports list, PUT', host: 'seo', method: 'PUT', path: REP }),
  key({ name: 'reports record, PATCH', host: 'seo', method: 'PATCH', path: `${REP}/1`, seeded: true }),
  key({ name: 'reports record, POST', host: 'seo', method: 'POST', path: `${REP}/1` }),
];

const auth: Request[] = [
  key({ name: 'no key, JSON', host: 'analytics', path: WEB, auth: 'none' }),
  key({ name: 'no key, no Accept', host: 'analytics', path: WEB, auth: 'none', accept: null }),
  key({ name: 'no key, HTML first', host: 'analytics', path: WEB, auth: 'none', accept: 'text/html, application/json' }),
  key({ name: 'wrong key, JSON', host: 'analytics', path: WEB, auth: 'wrong' }),
  key({ name: 'wrong key, no Accept', host: 'analytics', path: WEB, auth: 'wrong', accept: null }),
  key({ name: 'wrong key, reports, JSON', host: 'seo', path: REP, auth: 'wrong' }),
  key({ name: 'wrong key, reports, no Accept', host: 'seo', path: REP, auth: 'wrong', accept: null }),
  key({ name: 'no key, unknown api path', host: 'analytics', path: '/public/api/v1/nothing', auth: 'none' }),
  key({ name: 'no key, write', host: 'seo', method: 'POST', path: REP, auth: 'none', form: { url: 'https://conformance.example/' } }),
];

export const CASES: readonly Request[] = [...websiteLists, ...reportLists, ...websiteRecords, ...reportRecords, ...routing, ...auth];
