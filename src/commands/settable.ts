// The settings `sitedeck config set` takes, by their config-file name (kebab-case accepted too): the
// settings table's own list. The command definitions (help, completions) read it without loading `config`.
import { SETTABLE_NAMES, type SettingName } from '../config/settings';

export const SETTABLE: readonly SettingName[] = SETTABLE_NAMES;
export type Settable = SettingName;
