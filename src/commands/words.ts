// The client's messages advise in general terms (the environment variable of a base URL, "refresh");
// a command knows more: where each base URL really came from, and that it has no refresh key.
import { nameSources, type ResolvedConfig } from '../config';

/** One line of a command's error, in the words of this command and this configuration. */
export function commandWords(line: string, config: ResolvedConfig): string {
  // A command has no refresh key: reading the record again is how to check.
  return nameSources(line, config)
    .replace(/ — refresh to check\./g, ' — read it again to check (get or list).')
    .replace(/deleted elsewhere — refresh([.;])/g, 'deleted elsewhere$1');
}
