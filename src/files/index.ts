export { StateFileError, isStateFileError } from './errors';
export { jsonProblem, readStateFile, readStateFileAndOwnerSync, readStateFileSync, setStateFileLimit } from './read';
export { MEGABYTE, megabytes } from './size';
export { updateFile, updateFileSync, type Change } from './update';
export { replaceFile, replaceFileSync } from './replace';
export { sweepTempFilesSync } from './sweep';
