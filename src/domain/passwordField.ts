import type { FieldDef } from './types';

/**
 * The password row both records share (a website's statistics page, a report): written only, kept
 * only with privacy Password, checked by the host as it checks both. `of` says what it protects.
 */
export const passwordField = (of: string) =>
  ({
    name: 'password',
    label: 'Password',
    kind: 'secret',
    ops: ['create', 'update'],
    onlyWhen: { field: 'privacy', equals: 2 },
    maxLength: 128,
    help: `Password of ${of} (privacy Password only)`,
    host: { create: ['requiredWhen', 'nullable', 'string', 'max'], update: ['nullableOtherwise', 'string', 'max'] },
    seed: { make: 'password' },
  }) as const satisfies FieldDef;
