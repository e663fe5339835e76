import { PER_PAGE, PRIVACY, SORT_DIRECTIONS, YES_NO } from './choices';
import { RESULT_CLASSES } from './results';
import { passwordField } from './passwordField';
import type { FieldDef, ResourceDef } from './types';

/**
 * A report's fields, one row each (as `WEBSITE_FIELDS`, websites.ts): forms, the detail, list
 * columns, flags, exports, the normaliser, the record's type and the emulator all read these rows.
 */
export const REPORT_FIELDS = [
  { name: 'id', label: 'ID', kind: 'id', ops: [], column: { header: 'ID', width: 6 }, help: 'Identifier of the report' },
  {
    name: 'url',
    label: 'URL',
    kind: 'text',
    ops: ['create'],
    requiredOn: ['create'],
    maxLength: 2048,
    check: 'webUrl',
    column: { header: 'URL', width: 36 },
    help: 'The URL the report is about; it cannot be changed once added: delete the report and add it again',
    host: { create: ['bail', 'required', 'max', 'url', 'page'] },
    seed: { make: 'reportPage', draw: 1 },
  },
  {
    name: 'project',
    label: 'Project',
    kind: 'text',
    ops: [],
    column: { header: 'PROJECT', width: 18 },
    help: 'Host name of the page, without www.',
    seed: { by: 'url' },
  },
  {
    name: 'result',
    label: 'Score',
    kind: 'score',
    ops: [],
    column: { header: 'SCORE', width: 13 },
    help: 'Score 0–100 and its class',
    hostNames: ['result', 'score'],
    seed: { by: 'url' },
  },
  {
    name: 'privacy',
    label: 'Privacy',
    kind: 'choice',
    choices: PRIVACY,
    createDefault: 0,
    ops: ['create', 'update'],
    onMarked: true,
    help: 'Who can see the report',
    host: { create: ['nullable', 'integer', 'between'], update: ['sometimes', 'required', 'integer', 'between'] },
    seed: { pick: 'choice', keepDefault: 0.6 },
  },
  passwordField('the report'),
  {
    name: 'results',
    label: 'Re-run analysis',
    kind: 'choice',
    choices: YES_NO,
    ops: ['update'],
    help: 'Yes re-fetches the page and scores it again',
    host: { update: ['rerun'] },
  },
  { name: 'checks', label: 'Checks', kind: 'checks', ops: [], help: 'Checks passed and failed', hostNames: ['results'] },
  {
    name: 'generated_at',
    label: 'Generated',
    kind: 'date',
    ops: [],
    column: { header: 'GENERATED', width: 17 },
    help: 'When the report was generated',
    seed: { after: 'created_at', seconds: [5, 90], draw: 3 },
  },
  { name: 'created_at', label: 'Created', kind: 'date', ops: [], help: 'When the report was created', seed: { make: 'timeline', draw: 2 } },
  { name: 'updated_at', label: 'Updated', kind: 'date', ops: [], help: 'When the report last changed', seed: { same: 'generated_at' } },
] as const satisfies readonly FieldDef[];

export const REPORTS: ResourceDef = {
  name: 'reports',
  singular: 'report',
  title: 'Reports',
  host: 'seo',
  apiPath: '/api/v1/reports',
  nameField: 'url',
  updateMethod: 'PUT',
  fields: REPORT_FIELDS,
  listParams: [
    { name: 'search', label: 'Search', help: 'Search query' },
    { name: 'search_by', label: 'Search by', choices: [{ value: 'url', label: 'URL' }], default: 'url', help: 'Field the search matches' },
    { name: 'project', label: 'Project', help: 'Only reports of this project (exact host name)' },
    { name: 'result', label: 'Result', choices: RESULT_CLASSES, help: 'Only reports of this class' },
    {
      name: 'sort_by',
      label: 'Sort by',
      choices: [
        { value: 'id', label: 'Date created' },
        { value: 'generated_at', label: 'Date generated' },
        { value: 'url', label: 'URL' },
        { value: 'result', label: 'Result' },
      ],
      default: 'id',
      help: 'Sort field',
    },
    { name: 'sort', label: 'Sort', choices: SORT_DIRECTIONS, default: 'desc', help: 'Sort direction' },
    { name: 'per_page', label: 'Per page', choices: PER_PAGE, default: 25, help: 'Results per page' },
    { name: 'page', label: 'Page', default: 1, help: 'Page number' },
  ],
};
