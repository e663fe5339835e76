import { PER_PAGE, PRIVACY, SORT_DIRECTIONS, TOGGLE } from './choices';
import type { ResourceDef } from './types';

export const WEBSITES: ResourceDef = {
  name: 'websites',
  singular: 'website',
  title: 'Websites',
  host: 'analytics',
  apiPath: '/public/api/v1/websites',
  nameField: 'domain',
  updateMethod: 'PUT',
  updateOfUnknownIs500: true,
  fields: [
    { name: 'id', label: 'ID', kind: 'id', ops: [], column: { header: 'ID', width: 6 }, help: 'Identifier of the website' },
    {
      name: 'domain', label: 'Domain', kind: 'text', ops: ['create'], requiredOn: ['create'], maxLength: 255,
      column: { header: 'DOMAIN', width: 28 }, help: 'The domain name; it cannot be changed once added: delete the website and add it again',
    },
    {
      name: 'privacy', label: 'Privacy', kind: 'choice', choices: PRIVACY, createDefault: 1, ops: ['create', 'update'],
      column: { header: 'PRIVACY', width: 9 }, help: 'Who can see the statistics page',
    },
    {
      name: 'password', label: 'Password', kind: 'secret', ops: ['create', 'update'], onlyWhen: { field: 'privacy', equals: 2 },
      maxLength: 128, help: 'Password of the statistics page (privacy Password only)',
    },
    {
      name: 'email', label: 'Email reports', kind: 'choice', choices: TOGGLE, createDefault: 0, ops: ['create', 'update'],
      column: { header: 'EMAIL', width: 9 }, help: 'Periodic e-mail reports',
    },
    {
      name: 'exclude_bots', label: 'Exclude bots', kind: 'choice', choices: TOGGLE, createDefault: 1, ops: ['create', 'update'],
      column: { header: 'BOTS', width: 9 }, help: 'Exclude common bots from tracking',
    },
    {
      name: 'exclude_params', label: 'Exclude params', kind: 'lines', ops: ['create', 'update'], writeOnly: true,
      help: 'URL query parameters to exclude; write-only: the server never returns them',
    },
    { name: 'exclude_ips', label: 'Exclude IPs', kind: 'lines', ops: ['create', 'update'], help: 'IP addresses to exclude' },
    { name: 'created_at', label: 'Created', kind: 'date', ops: [], help: 'When the website was added' },
    { name: 'updated_at', label: 'Updated', kind: 'date', ops: [], help: 'When the website last changed' },
  ],
  // Newer versions of the analytics host send these (real-servers.md); sitedeck shows them only.
  shownFields: [
    { name: 'favorite', label: 'Favourite', kind: 'flag', help: 'Marked as a favourite on the analytics site' },
    { name: 'favorited_at', label: 'Favourited', kind: 'date', help: 'When it was marked as a favourite' },
  ],
  listParams: [
    { name: 'search', label: 'Search', help: 'Search query' },
    { name: 'search_by', label: 'Search by', choices: [{ value: 'domain', label: 'Domain' }], default: 'domain', help: 'Field the search matches' },
    {
      name: 'sort_by', label: 'Sort by',
      choices: [{ value: 'id', label: 'Date created' }, { value: 'domain', label: 'Domain' }],
      default: 'id', help: 'Sort field',
    },
    { name: 'sort', label: 'Sort', choices: SORT_DIRECTIONS, default: 'desc', help: 'Sort direction' },
    { name: 'per_page', label: 'Per page', choices: PER_PAGE, default: 10, help: 'Results per page' },
    { name: 'page', label: 'Page', default: 1, help: 'Page number' },
  ],
};
