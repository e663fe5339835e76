// Every change to the deck's state, as one tagged union: the union of the slices' own.
import type { ChromeAction } from './chrome/actions';
import type { FormAction } from './form/actions';
import type { ListAction } from './list/actions';
import type { MarksAction } from './marks/actions';
import type { ProjectsAction } from './projectsState';
import type { AuditAction } from './auditState';
import type { CoverAction } from './coverState';
import type { WritesAction } from './writes/actions';

export type Action = ListAction | ChromeAction | FormAction | WritesAction | MarksAction | ProjectsAction | AuditAction | CoverAction;
