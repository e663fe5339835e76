import { PER_PAGE, PRIVACY, SORT_DIRECTIONS, TOGGLE } from './choices';
import { passwordField } from './passwordField';
import type { FieldDef, ResourceDef } from './types';

/**
 * A website's fields, one row each: what it is and how it is shown, written and checked here, what
 * the host accepts (`host`, as its form requests write it) and what the demo data holds (`seed`).
 * Forms, the detail, list columns, flags, exports, the normaliser, the record's type and the
 * emulator all read these rows; a new field is one more row.
 */
export const WEBSITE_FIELDS = [
  { name: 'id', label: 'ID', kind: 'id', ops: [], column: { header: 'ID', width: 6 }, help: 'Identifier of the website' },
  {
    name: 'domain',
    label: 'Domain',
    kind: 'text',
    ops: ['create'],
    requiredOn: ['create'],
    maxLength: 255,
    check: 'domainName',
    column: { header: 'DOMAIN', width: 28 },
    help: 'The domain name; it cannot be changed once added: delete the website and add it again',
    host: { create: ['required', 'max', 'domain', 'unique'] },
    seed: { make: 'domain', draw: 3 },
  },
  {
    name: 'privacy',
    label: 'Privacy',
    kind: 'choice',
    choices: PRIVACY,
    createDefault: 1,
    ops: ['create', 'update'],
    onMarked: true,
    column: { header: 'PRIVACY', width: 9 },
    help: 'Who can see the statistics page',
    host: { create: ['nullable', 'integer', 'between'], update: ['sometimes', 'required', 'integer', 'between'] },
    seed: { pick: 'choice', keepDefault: 0.5, draw: 1 },
  },
  passwordField('the statistics page'),
  {
    name: 'email',
    label: 'Email reports',
    kind: 'choice',
    choices: TOGGLE,
    createDefault: 0,
    ops: ['create', 'update'],
    onMarked: true,
    column: { header: 'EMAIL', width: 9 },
    help: 'Periodic e-mail reports',
    host: { create: ['nullable', 'integer'], update: ['sometimes', 'nullable', 'integer'] },
    seed: { pick: 'choice', draw: 4 },
  },
  {
    name: 'exclude_bots',
    label: 'Exclude bots',
    kind: 'choice',
    choices: TOGGLE,
    createDefault: 1,
    ops: ['create', 'update'],
    column: { header: 'BOTS', width: 9 },
    help: 'Exclude common bots from tracking',
    host: { create: ['nullable', 'integer', 'between'], update: ['sometimes', 'integer', 'between'], unsent: 1 },
    seed: { chance: 0.8, value: 1, otherwise: 0 },
  },
  {
    name: 'exclude_params',
    label: 'Exclude params',
    kind: 'lines',
    ops: ['create', 'update'],
    writeOnly: true,
    check: 'paramLines',
    help: 'URL query parameters to exclude, by name (& alone excludes every parameter); write-only: the server never returns them',
    host: { create: ['nullable', 'string'], update: ['sometimes', 'nullable', 'string'] },
    seed: { chance: 0.3, value: 'utm_source\nutm_medium\nutm_campaign', otherwise: null },
  },
  {
    name: 'exclude_ips',
    label: 'Exclude IPs',
    kind: 'lines',
    ops: ['create', 'update'],
    check: 'ipLines',
    help: 'IP addresses to exclude, each an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
    host: { create: ['nullable', 'string'], update: ['sometimes', 'nullable', 'string'] },
    seed: { make: 'ipLines', chance: 0.25 },
  },
  { name: 'created_at', label: 'Created', kind: 'date', ops: [], help: 'When the website was added', seed: { make: 'timeline', draw: 2 } },
  { name: 'updated_at', label: 'Updated', kind: 'date', ops: [], help: 'When the website last changed', seed: { same: 'created_at' } },
] as const satisfies readonly FieldDef[];

export const WEBSITES: ResourceDef = {
  name: 'websites',
  singular: 'website',
  title: 'Websites',
  host: 'analytics',
  apiPath: '/public/api/v1/websites',
  nameField: 'domain',
  updateMethod: 'PUT',
  updateOfUnknownIs500: true,
  fields: WEBSITE_FIELDS,
  // Newer versions of the analytics host send these (real-servers.md); sitedeck shows them only.
  shownFields: [
    { name: 'favorite', label: 'Favourite', kind: 'flag', help: 'Marked as a favourite on the analytics site' },
    { name: 'favorited_at', label: 'Favourited', kind: 'date', help: 'When it was marked as a favourite' },
  ],
  listParams: [
    { name: 'search', label: 'Search', help: 'Search query' },
    { name: 'search_by', label: 'Search by', choices: [{ value: 'domain', label: 'Domain' }], default: 'domain', help: 'Field the search matches' },
    {
      name: 'sort_by',
      label: 'Sort by',
      choices: [
        { value: 'id', label: 'Date created' },
        { value: 'domain', label: 'Domain' },
      ],
      default: 'id',
      help: 'Sort field',
    },
    { name: 'sort', label: 'Sort', choices: SORT_DIRECTIONS, default: 'desc', help: 'Sort direction' },
    { name: 'per_page', label: 'Per page', choices: PER_PAGE, default: 10, help: 'Results per page' },
    { name: 'page', label: 'Page', default: 1, help: 'Page number' },
  ],
};
