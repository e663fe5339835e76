import type { Choice } from './types';

// Value tables shared by both resources.
export const PRIVACY = [
  { value: 0, label: 'Public' },
  { value: 1, label: 'Private' },
  { value: 2, label: 'Password' },
] as const satisfies readonly Choice<number>[];

export const TOGGLE = [
  { value: 0, label: 'Disabled' },
  { value: 1, label: 'Enabled' },
] as const satisfies readonly Choice<number>[];

export const YES_NO = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
] as const satisfies readonly Choice<number>[];

export const SORT_DIRECTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const satisfies readonly Choice<string>[];
export type SortDirection = (typeof SORT_DIRECTIONS)[number]['value'];

export const PER_PAGE = [
  { value: 10, label: '10' },
  { value: 25, label: '25' },
  { value: 50, label: '50' },
  { value: 100, label: '100' },
] as const satisfies readonly Choice<number>[];
export const PER_PAGE_VALUES: readonly number[] = PER_PAGE.map((c) => c.value);
